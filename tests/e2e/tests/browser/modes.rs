//! Modes in the browser (issue 19): the lobby lists the modes of the catalog with their seat
//! counts; a person plays a whole 斗地主 game against two bots by clicking, at desktop size and
//! at phone size, and a whole 2v2 game against three bots, with screenshots of the table and the
//! result.

use crate::support::*;

/// Creates a 斗地主 room with two bots, starts it, and plays it to the end by clicking.
async fn play_doudizhu(
    browser: &Browser,
    server: &TestServer,
    name: &str,
    size: &str,
) -> Result<()> {
    open_lobby(browser, server, name).await?;
    let modes = browser.text("[data-testid=opt-mode]").await?;
    assert!(modes.contains("斗地主"), "the lobby lists 斗地主: {modes}");
    let options = Create {
        seats: 3,
        fill_bots: true,
        timeout_s: Some(60),
        mode: Some("doudizhu"),
        ..Create::default()
    };
    create_room(browser, &options).await?;
    let seats = browser
        .js(
            "return document.getElementById('create-form')?.elements.seats?.value ?? null;",
            vec![],
        )
        .await?;
    eprintln!("seat count chosen for 斗地主: {seats:?}");
    let waiting = browser.text("[data-testid=waiting-room]").await?;
    assert!(waiting.contains("斗地主"), "the room's ruleset: {waiting}");
    start_game(browser).await?;
    // Every role is open: the table names the 地主 and both 农民 from the start.
    browser
        .wait_for("[data-testid=seat] [data-testid=role][data-role=rebel]")
        .await?;
    let roles = browser.text("[data-testid=table]").await?;
    assert!(roles.contains("地主") && roles.contains("农民"), "{roles}");
    browser
        .screenshot(&format!("doudizhu-table-{size}"))
        .await?;
    let played = play_by_clicking(browser, &Bounds::default()).await?;
    assert!(played.over, "{played:?}");
    eprintln!("whole 斗地主 game ({size}): {played:?}");
    let winner = browser.text("[data-testid=winner]").await?;
    assert!(
        winner.contains("地主获胜") || winner.contains("农民获胜") || winner.contains("平局"),
        "{winner}"
    );
    browser
        .screenshot(&format!("doudizhu-game-over-{size}"))
        .await?;
    browser.assert_no_errors().await?;
    Ok(())
}

#[test]
fn a_person_plays_a_whole_doudizhu_game_at_desktop_size() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        play_doudizhu(&browser, &server, "玩家丁", "desktop").await
    })
}

#[test]
fn a_person_plays_a_whole_doudizhu_game_at_phone_size() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(PHONE).await?;
        play_doudizhu(&browser, &server, "玩家戊", "phone").await
    })
}

/// Creates a 2v2 room with three bots, starts it, and plays it to the end by clicking.
async fn play_pairs(browser: &Browser, server: &TestServer, name: &str, size: &str) -> Result<()> {
    open_lobby(browser, server, name).await?;
    let options = Create {
        seats: 4,
        fill_bots: true,
        timeout_s: Some(60),
        mode: Some("2v2"),
        ..Create::default()
    };
    create_room(browser, &options).await?;
    let waiting = browser.text("[data-testid=waiting-room]").await?;
    assert!(
        waiting.contains("欢乐成双"),
        "the room's ruleset: {waiting}"
    );
    start_game(browser).await?;
    // Every role is open: two teams.
    browser
        .wait_for("[data-testid=seat] [data-testid=role][data-role=loyalist]")
        .await?;
    let table = browser.text("[data-testid=table]").await?;
    assert!(table.contains("甲队") && table.contains("乙队"), "{table}");
    // While choosing, the dialog shows what my partner is offered (M-2V2-2).
    let offer = browser.text("[data-testid=partner-offer]").await?;
    assert!(offer.contains("队友"), "{offer}");
    // The partner's hand is on the table, face up, once the generals are chosen and the
    // hands dealt.
    for _ in 0..100 {
        if choose_general_if_asked(browser).await? {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    browser.wait_for("[data-testid=partner-hand]").await?;
    browser.screenshot(&format!("2v2-table-{size}")).await?;
    let played = play_by_clicking(browser, &Bounds::default()).await?;
    assert!(played.over, "{played:?}");
    eprintln!("whole 2v2 game ({size}): {played:?}");
    let winner = browser.text("[data-testid=winner]").await?;
    assert!(
        winner.contains("甲队") || winner.contains("乙队") || winner.contains("平局"),
        "{winner}"
    );
    browser.screenshot(&format!("2v2-game-over-{size}")).await?;
    browser.assert_no_errors().await?;
    Ok(())
}

#[test]
fn a_person_plays_a_whole_2v2_game_at_desktop_size() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        play_pairs(&browser, &server, "玩家己", "desktop").await
    })
}

#[test]
fn a_person_plays_a_whole_2v2_game_at_phone_size() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(PHONE).await?;
        play_pairs(&browser, &server, "玩家庚", "phone").await
    })
}

/// Issue 18: the create-room form explains every option of every mode in one line beside its
/// input — the role table's "变体" included.
#[test]
fn the_lobby_explains_every_option_of_every_mode() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家庚").await?;
        browser
            .wait_js(
                "return !!document.querySelector('[data-testid=mode-options] [data-option=role_table] [data-testid=option-text]');",
                "the role table's explanation",
            )
            .await?;
        let modes = browser
            .js(
                "return [...document.getElementById('create-form').elements.mode.options].map((o) => o.value);",
                vec![],
            )
            .await?;
        let modes: Vec<String> = serde_json::from_value(modes)?;
        assert!(modes.len() >= 2, "{modes:?}");
        for mode in modes {
            // Choosing a mode redraws its options, each with its explanation.
            let options = browser
                .js(
                    "const select = document.getElementById('create-form').elements.mode; \
                     select.value = arguments[0]; select.dispatchEvent(new Event('change')); \
                     return [...document.querySelectorAll('[data-testid=mode-options] [data-testid=option]')] \
                       .map((o) => [o.dataset.option, o.querySelector('[data-testid=option-text]')?.textContent ?? '']);",
                    vec![json!(mode)],
                )
                .await?;
            let options: Vec<(String, String)> = serde_json::from_value(options)?;
            eprintln!("{mode}: {options:?}");
            for (id, text) in &options {
                assert!(!text.trim().is_empty(), "{mode}.{id} has no explanation");
            }
            if mode == "identity" {
                let table = options.iter().find(|(id, _)| id == "role_table");
                assert!(
                    table.is_some_and(|(_, text)| text.contains("主公/忠臣/反贼/内奸")),
                    "{options:?}"
                );
            }
        }
        browser.assert_no_errors().await?;
        Ok(())
    })
}
