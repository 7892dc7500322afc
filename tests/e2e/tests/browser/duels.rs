//! 1v1 and 3v3 in the browser (issue 19): choosing the mode in the lobby picks the mode's own
//! 2013 deck (`kof`, `3v3`); a person plays a whole 1v1 game against a bot and a whole 3v3 game
//! with five bots by clicking — drafts, line-ups, order choices and the decks' own prompts
//! included — at desktop and at phone size, with screenshots of the table and the result.

use crate::support::*;

/// Is the lobby's card pack `pack` the only one checked?
async fn only_pack_checked(browser: &Browser, pack: &str) -> Result<bool> {
    let checked = browser
        .js(
            "return [...document.getElementById('create-form').elements] \
             .filter((e) => e.name?.startsWith('cards.') && e.checked).map((e) => e.name);",
            vec![],
        )
        .await?;
    Ok(checked == serde_json::json!([format!("cards.{pack}")]))
}

/// Creates a room of `mode` with bots, checks that the lobby chose the mode's own deck, starts
/// it, and plays it to the end by clicking.
async fn play_mode(
    browser: &Browser,
    server: &TestServer,
    name: &str,
    size: &str,
    (mode, seats, pack, deck, winners): (&'static str, u8, &str, &str, [&str; 2]),
) -> Result<()> {
    open_lobby(browser, server, name).await?;
    let options = Create {
        seats,
        fill_bots: true,
        timeout_s: Some(60),
        mode: Some(mode),
        ..Create::default()
    };
    create_room(browser, &options).await?;
    let waiting = browser.text("[data-testid=waiting-room]").await?;
    assert!(waiting.contains(deck), "the room plays {deck}: {waiting}");
    start_game(browser).await?;
    browser.wait_for("[data-testid=seat]").await?;
    browser.screenshot(&format!("{mode}-table-{size}")).await?;
    let played = play_by_clicking(browser, &Bounds::default()).await?;
    assert!(played.over, "{played:?}");
    eprintln!("whole {mode} game with the {pack} deck ({size}): {played:?}");
    let winner = browser.text("[data-testid=winner]").await?;
    assert!(
        winners.iter().any(|w| winner.contains(w)) || winner.contains("平局"),
        "{winner}"
    );
    browser
        .screenshot(&format!("{mode}-game-over-{size}"))
        .await?;
    browser.assert_no_errors().await?;
    Ok(())
}

const ONE_V_ONE: (&str, u8, &str, &str, [&str; 2]) = (
    "1v1",
    2,
    "kof",
    "1v1 卡牌（2013）",
    ["先手获胜", "后手获胜"],
);

const THREE_V_THREE: (&str, u8, &str, &str, [&str; 2]) = (
    "3v3",
    6,
    "3v3",
    "3v3 卡牌（2013）",
    ["暖色方获胜", "冷色方获胜"],
);

#[test]
fn choosing_1v1_or_3v3_picks_the_modes_own_deck_and_back() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家辛").await?;
        let choose = |mode: &'static str| {
            let browser = &browser;
            async move {
                browser
                    .js(
                        "const select = document.getElementById('create-form').elements.mode; \
                         select.value = arguments[0]; select.dispatchEvent(new Event('change'));",
                        vec![serde_json::json!(mode)],
                    )
                    .await
            }
        };
        choose("1v1").await?;
        assert!(only_pack_checked(&browser, "kof").await?, "1v1 plays kof");
        choose("3v3").await?;
        assert!(only_pack_checked(&browser, "3v3").await?, "3v3 plays 3v3");
        choose("identity").await?;
        assert!(
            only_pack_checked(&browser, "standard").await?,
            "identity is back on the standard deck"
        );
        let disabled = browser
            .js(
                "return document.getElementById('create-form').elements['cards.kof'].disabled;",
                vec![],
            )
            .await?;
        assert_eq!(disabled, serde_json::json!(true), "kof is 1v1's only");
        browser.assert_no_errors().await?;
        Ok(())
    })
}

#[test]
fn a_person_plays_a_whole_1v1_game_with_the_2013_deck_at_desktop_size() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        play_mode(&browser, &server, "玩家壬", "desktop", ONE_V_ONE).await
    })
}

#[test]
fn a_person_plays_a_whole_1v1_game_with_the_2013_deck_at_phone_size() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(PHONE).await?;
        play_mode(&browser, &server, "玩家癸", "phone", ONE_V_ONE).await
    })
}

#[test]
fn a_person_plays_a_whole_3v3_game_with_the_2013_deck_at_desktop_size() {
    run_browser_test(Duration::from_secs(400), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        play_mode(&browser, &server, "玩家子", "desktop", THREE_V_THREE).await
    })
}

#[test]
fn a_person_plays_a_whole_3v3_game_with_the_2013_deck_at_phone_size() {
    run_browser_test(Duration::from_secs(400), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(PHONE).await?;
        play_mode(&browser, &server, "玩家丑", "phone", THREE_V_THREE).await
    })
}
