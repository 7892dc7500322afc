//! A whole game played by clicking.

use crate::support::*;

/// The role names the result rows may show (Chinese, the default language).
const ROLES_ZH: [&str; 4] = ["主公", "忠臣", "反贼", "内奸"];

#[test]
fn a_person_plays_a_whole_game_against_bots_by_clicking() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家甲").await?;
        let options = Create {
            seats: 3,
            timeout_s: Some(60),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        // Two bot seats, added with the host's buttons.
        browser.click("[data-action=add-bot]").await?;
        browser
            .wait_js(
                "return document.querySelectorAll('[data-testid=room-seat][data-occupant=bot]').length === 1;",
                "the first bot",
            )
            .await?;
        browser.click("[data-action=add-bot]").await?;
        browser
            .wait_js(
                "return document.querySelectorAll('[data-testid=room-seat][data-occupant=bot]').length === 2;",
                "the second bot",
            )
            .await?;
        start_game(&browser).await?;

        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");
        eprintln!("whole game: {played:?}");
        assert!(played.clicks > 0, "the person never clicked: {played:?}");

        // The game-over screen reveals every role.
        let rows = browser
            .js(
                "return [...document.querySelectorAll('[data-testid=result-row]')].map(r => r.innerText);",
                vec![],
            )
            .await?;
        let rows: Vec<String> = rows
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|r| r.as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(rows.len(), 3, "{rows:?}");
        for row in &rows {
            assert!(
                ROLES_ZH.iter().any(|role| row.contains(role)),
                "no role in {row:?}"
            );
        }
        let winner = browser.text("[data-testid=winner]").await?;
        assert!(
            winner.contains("获胜") || winner.contains("平局"),
            "{winner}"
        );
        // The log tells the game in sentences.
        let log = browser
            .js(
                "return document.querySelector('[data-testid=log]').innerText;",
                vec![],
            )
            .await?;
        let log = log.as_str().unwrap_or_default();
        assert!(log.contains("的回合"), "{log}");
        assert!(log.contains("游戏结束"), "{log}");
        browser.assert_no_errors().await?;

        // The host's rematch starts a new game at the same seats.
        browser.click("[data-action=rematch]").await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-testid=game-over]') && \
                 (document.querySelectorAll('[data-testid=hand-card]').length > 0 || \
                  !!document.querySelector('[data-testid=dialog][data-kind=choose_general]'));",
                "the rematch",
            )
            .await?;
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}
