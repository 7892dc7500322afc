//! A reload mid-game returns to the same seat and state.

use crate::support::*;

#[test]
fn reload_mid_game_returns_to_the_same_seat_and_state() {
    run_browser_test(Duration::from_secs(180), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "重连者").await?;
        start_with_bots(&browser, 3).await?;
        // Play until my play phase: the game then waits for me alone.
        let bounds = Bounds {
            until: Some(MY_PLAY_PHASE),
            ..Bounds::default()
        };
        play_by_clicking(&browser, &bounds).await?;
        if browser
            .js(
                "return !!document.querySelector('[data-testid=game-over]');",
                vec![],
            )
            .await?
            == Value::Bool(true)
        {
            return fail("the game ended before my play phase");
        }
        let seats = seats_shown(&browser).await?;
        let hand = my_hand(&browser).await?;
        let title = browser.text("[data-testid=prompt-title]").await?;
        let token = browser
            .js("return localStorage.getItem('sgs.token');", vec![])
            .await?;
        let log_script = "return document.querySelector('[data-testid=log]').innerText;";
        let log = browser.js(log_script, vec![]).await?;

        browser.client.refresh().await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=play]")
            .await?;
        // The snapshot may take a frame or two to be drawn in full after the prompt appears.
        let started = std::time::Instant::now();
        let after = loop {
            let after = seats_shown(&browser).await?;
            if after == seats || started.elapsed() > Duration::from_secs(10) {
                break after;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(after, seats, "the table changed across the reload");
        assert_eq!(my_hand(&browser).await?, hand, "my hand changed");
        let title_after = browser.text("[data-testid=prompt-title]").await?;
        // The countdown differs; the question does not.
        let question = |t: &str| {
            t.rsplit_once(' ')
                .map_or(t.to_string(), |(q, _)| q.to_string())
        };
        assert_eq!(question(&title_after), question(&title));
        let token_after = browser
            .js("return localStorage.getItem('sgs.token');", vec![])
            .await?;
        assert_eq!(token_after, token, "the session token changed");
        assert_eq!(
            browser.js(log_script, vec![]).await?,
            log,
            "the game log was lost"
        );
        // And the game goes on from there: end the play phase.
        browser
            .click("[data-testid=prompt] [data-action=pass]")
            .await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-testid=prompt][data-kind=play]');",
                "the play phase to end",
            )
            .await?;
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}
