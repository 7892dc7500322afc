//! The replay viewer (issue 14): in the game's theme and language, seats numbered as in the
//! game (from 1), every control in the chosen language.

use crate::support::*;

#[test]
fn the_replay_viewer_numbers_seats_as_the_game_and_speaks_its_language() {
    run_browser_test(Duration::from_secs(300), || async {
        let dir = std::env::temp_dir().join(format!("sgs-e2e-replay-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let server = TestServer::start_stored(config(), &dir).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "回放者").await?;
        start_with_bots(&browser, 2).await?;
        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");

        browser
            .goto(&format!("{}replay.html", server.url()))
            .await?;
        browser.click("#games button.game").await?;
        browser.wait_for("#viewer-box:not([hidden])").await?;
        // Chinese, as the game was: seats from 1号位, controls in Chinese.
        let first_seat = browser.text("#table .seat .who").await?;
        assert!(first_seat.starts_with("1号位"), "{first_seat:?}");
        let options = browser
            .js(
                "return [...document.querySelectorAll('#viewer option')].map(o => o.textContent);",
                vec![],
            )
            .await?;
        let options: Vec<String> = serde_json::from_value(options)?;
        assert!(
            options.iter().any(|o| o.starts_with("1号位 — ")),
            "{options:?}"
        );
        assert!(
            !options.iter().any(|o| o.starts_with("0号位")),
            "{options:?}"
        );
        assert_eq!(browser.text("#play").await?, "播放");
        assert_eq!(browser.text("[data-r=view_as]").await?, "视角");
        browser.screenshot("replay-desktop").await?;

        // English throughout once switched (and remembered for the game's page too).
        browser
            .js("const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change'));", vec![])
            .await?;
        assert_eq!(browser.text("#play").await?, "Play");
        assert_eq!(browser.text("[data-r=view_as]").await?, "View as");
        let first_seat = browser.text("#table .seat .who").await?;
        assert!(first_seat.starts_with("seat 1"), "{first_seat:?}");
        let status = browser.text("[data-testid=replay-status]").await?;
        assert!(status.starts_with("Game #"), "{status:?}");
        let saved = browser
            .js("return localStorage.getItem('sgs.lang');", vec![])
            .await?;
        assert_eq!(saved, json!("en"));
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    });
}
