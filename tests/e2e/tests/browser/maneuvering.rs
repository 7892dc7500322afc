//! The 160-card game (军争 Maneuvering) in the browser: the lobby offers the pack from the
//! catalog, and a person plays a whole game of it against bots by clicking.

use crate::support::*;

#[test]
fn a_person_plays_a_whole_160_card_game_against_bots() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家乙").await?;
        // The pack comes from the catalog, with its name.
        let offered = browser
            .text("[data-testid=card-pack][data-pack=maneuvering]")
            .await?;
        assert!(offered.contains("军争"), "{offered}");
        let options = Create {
            seats: 4,
            fill_bots: true,
            timeout_s: Some(60),
            card_packs: vec!["maneuvering"],
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        let waiting = browser.text("[data-testid=waiting-room]").await?;
        assert!(waiting.contains("军争"), "the room's ruleset: {waiting}");
        start_game(&browser).await?;
        // Note every card the page draws: the 军争 cards are rows 108..160 of the game's table.
        browser
            .js(
                "window.__cards = new Set(); window.__natures = new Set(); \
                 const note = () => document.querySelectorAll('[data-card]').forEach(el => { \
                   window.__cards.add(Number(el.dataset.card)); \
                   if (el.dataset.nature) window.__natures.add(el.dataset.nature); }); \
                 note(); new MutationObserver(note).observe(document.body, { subtree: true, childList: true });",
                vec![],
            )
            .await?;

        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");
        eprintln!("whole 160-card game: {played:?}");
        assert!(played.clicks > 0, "the person never clicked: {played:?}");
        let winner = browser.text("[data-testid=winner]").await?;
        assert!(
            winner.contains("获胜") || winner.contains("平局"),
            "{winner}"
        );
        // The log names the game's cards; with 52 more of them, 军争 cards turn up.
        let log = browser
            .js(
                "return document.querySelector('[data-testid=log]').innerText;",
                vec![],
            )
            .await?;
        let log = log.as_str().unwrap_or_default();
        assert!(log.contains("游戏结束"), "{log}");
        let seen = browser
            .js(
                "return { max: Math.max(...window.__cards), natures: [...window.__natures] };",
                vec![],
            )
            .await?;
        eprintln!("cards seen: {seen}");
        assert!(
            seen["max"]
                .as_u64()
                .is_some_and(|id| (108..160).contains(&id)),
            "no 军争 card was ever shown: {seen}"
        );
        browser.assert_no_errors().await?;
        Ok(())
    })
}

/// A practice table of the 160-card game: I hold 酒, 铁索连环, 火攻 and a 火杀; seat 2 (a bot) is
/// chained and holds one ♥ 闪.
const MANEUVERING_SCENARIO: &str = r#"{
  "seed": 16,
  "ruleset": { "mode": "identity", "cards": [{ "id": "standard" }, { "id": "maneuvering" }],
               "generals": ["standard"] },
  "seats": [
    { "role": "lord", "general": "white",
      "hand": [{ "kind": "analeptic" }, { "kind": "iron_chain" }, { "kind": "fire_attack" },
               { "kind": "slash", "suit": "heart", "rank": 4 }] },
    { "role": "rebel", "general": "white", "chained": true,
      "hand": [{ "kind": "jink", "suit": "heart", "rank": 9 }] }
  ],
  "current": 0,
  "phase": "play",
  "auto_pass": true
}"#;

/// Clicks the hand card whose face shows `name`.
async fn my_play_prompt(browser: &Browser) -> Result {
    browser
        .wait_for("[data-testid=prompt][data-kind=play]:not([data-answered])")
        .await?;
    Ok(())
}

#[test]
fn the_table_shows_chains_natures_a_pending_analeptic_fire_attack_and_the_recast_choice() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "军争").await?;
        start_practice(&browser, MANEUVERING_SCENARIO).await?;
        my_play_prompt(&browser).await?;

        // Chained: seat 2 shows it. My 火杀 shows its nature.
        browser
            .wait_for("[data-testid=seat][data-seat='1'] [data-testid=chained]")
            .await?;
        let fire = browser
            .js(
                "return [...document.querySelectorAll('[data-testid=hand-card][data-nature=fire]')] \
                   .map(el => el.innerText);",
                vec![],
            )
            .await?;
        assert!(fire.to_string().contains("火杀"), "{fire}");

        // 酒: a pending 酒 on my seat.
        click_hand_card(&browser, "酒").await?;
        browser
            .click("[data-testid=prompt] [data-action=confirm]")
            .await?;
        browser
            .wait_for("[data-testid=seat][data-mine] [data-testid=drunk]")
            .await?;

        // 铁索连环: choosing it offers the recast button beside its targets.
        my_play_prompt(&browser).await?;
        click_hand_card(&browser, "铁索连环").await?;
        browser
            .wait_for("[data-testid=prompt] [data-action=recast]")
            .await?;
        browser.screenshot("maneuvering-recast-desktop").await?;
        browser
            .click("[data-testid=prompt] [data-action=recast]")
            .await?;
        my_play_prompt(&browser).await?;
        browser
            .wait_js(
                "return document.querySelector('[data-testid=log]').innerText.includes('重铸');",
                "the recast in the log",
            )
            .await?;

        // 火攻 on seat 2: its shown card appears on the table; I may pay a ♥ card or not.
        click_hand_card(&browser, "火攻").await?;
        browser
            .click("[data-testid=seat][data-seat='1'][data-selectable]")
            .await?;
        browser
            .click("[data-testid=prompt] [data-action=confirm]")
            .await?;
        browser.wait_for("[data-testid=shown] [data-card]").await?;
        let shown = browser.text("[data-testid=shown]").await?;
        assert!(shown.contains("闪"), "{shown}");
        browser
            .wait_for("[data-testid=prompt][data-kind=choose]:not([data-answered])")
            .await?;
        browser
            .screenshot("maneuvering-fire-attack-desktop")
            .await?;
        browser
            .click("[data-testid=prompt] [data-action=pass]")
            .await?;

        // The drunk 火杀: the log names its nature; the 酒 is used up.
        my_play_prompt(&browser).await?;
        click_hand_card(&browser, "火杀").await?;
        browser
            .click("[data-testid=seat][data-seat='1'][data-selectable]")
            .await?;
        browser
            .click("[data-testid=prompt] [data-action=confirm]")
            .await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-testid=seat][data-mine] [data-testid=drunk]');",
                "the 酒 used up",
            )
            .await?;
        let log = log_text(&browser).await?;
        assert!(log.contains("【火杀】"), "{log}");
        assert!(log.contains("展示"), "{log}");
        browser.assert_no_errors().await?;
        Ok(())
    })
}
