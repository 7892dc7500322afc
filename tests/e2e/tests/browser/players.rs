//! The records page (issue 15) in the browser: a guest in a game keeps its nickname as an
//! account, sees its profile, the ladder and the generals' figures in Chinese and English, logs
//! out, is refused a wrong password, and logs in again. And a player reports another from the
//! game-over screen.

use crate::support::*;

#[test]
fn a_guest_signs_up_sees_its_profile_and_the_ladder_and_logs_in_again() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "曹孟德").await?;
        // In a room, the guest's session outlives the page, so the records page can claim it.
        start_with_bots(&browser, 2).await?;
        browser
            .goto(&format!("{}players.html", server.url()))
            .await?;
        browser.wait_for("[data-testid=claim-form]").await?;
        assert_eq!(browser.text("[data-testid=nav-leaderboard]").await?, "天梯");
        browser
            .type_into("[data-testid=claim-password]", "a long password")
            .await?;
        browser.click("[data-testid=claim]").await?;
        browser.wait_for("#signed-in:not([hidden])").await?;
        assert_eq!(browser.text("[data-testid=me-name]").await?, "曹孟德");
        browser.wait_for("[data-testid=profile-name]").await?;
        assert_eq!(browser.text("[data-testid=profile-name]").await?, "曹孟德");
        let total = browser.text("[data-testid=profile-total]").await?;
        assert!(total.starts_with("共 0 局"), "{total:?}");
        browser.screenshot("players-profile").await?;

        browser.click("[data-testid=nav-leaderboard]").await?;
        browser.wait_for("[data-testid=leaderboard-empty]").await?;
        browser.click("[data-testid=nav-generals]").await?;
        browser.wait_for("[data-testid=generals]").await?;
        browser.click("[data-testid=lang]").await?;
        assert_eq!(
            browser.text("[data-testid=nav-leaderboard]").await?,
            "Ladder"
        );
        browser.wait_js(
            "return document.querySelector('[data-testid=generals] th')?.textContent === 'General';",
            "the generals' table in English",
        ).await?;

        // Log out, a wrong password, then the right one.
        browser.click("[data-testid=logout]").await?;
        browser.wait_for("#signed-out:not([hidden])").await?;
        browser
            .type_into("[data-testid=login-name]", "曹孟德")
            .await?;
        browser
            .type_into("[data-testid=login-password]", "not it at all")
            .await?;
        browser.click("[data-testid=login]").await?;
        browser.wait_js(
            "return document.querySelector('[data-testid=account-status]').textContent === 'Wrong name or password';",
            "the wrong password refused",
        ).await?;
        browser
            .type_into("[data-testid=login-password]", "a long password")
            .await?;
        browser.click("[data-testid=login]").await?;
        browser.wait_for("#signed-in:not([hidden])").await?;
        let saved = browser
            .js(
                "return localStorage.getItem('sgs.token') === localStorage.getItem('sgs.account');",
                vec![],
            )
            .await?;
        assert_eq!(
            saved,
            json!(true),
            "the game page says the login token in hello"
        );
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

#[test]
fn a_player_is_reported_from_the_game_over_screen() {
    run_browser_test(Duration::from_secs(300), || async {
        let dir = std::env::temp_dir().join(format!("sgs-e2e-report-{}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        // Reports are kept in the store.
        let server = TestServer::start_stored(config(), &dir).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "举报者").await?;
        let options = Create {
            seats: 2,
            timeout_s: Some(60),
            ..Create::default()
        };
        let room = create_room(&browser, &options).await?;
        // Another person joins over a plain socket and leaves its seat to 托管.
        let url = format!("ws://{}/ws", server.addr);
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await?;
        for msg in [
            json!({"type": "hello", "version": 2, "name": "对手"}),
            json!({"type": "join_room", "id": 1, "room": room}),
        ] {
            ws.send(Message::text(msg.to_string())).await?;
        }
        let mut other = None;
        while let Some(frame) = ws.next().await {
            let Message::Text(text) = frame? else {
                continue;
            };
            let msg: Value = serde_json::from_str(text.as_str())?;
            match msg["type"].as_str() {
                Some("welcome") => other = msg["player"].as_u64(),
                Some("sync") => break,
                Some("error") => return fail(format!("cannot join: {msg}")),
                _ => {}
            }
        }
        let other = other.ok_or("no welcome")?;
        browser.wait_js(
            "return [...document.querySelectorAll('[data-testid=room-seat]')].some(r => r.innerText.includes('对手'));",
            "the other person in the seat list",
        ).await?;
        start_game(&browser).await?;
        let trustee = json!({"type": "trusteeship", "id": 2, "on": true});
        ws.send(Message::text(trustee.to_string())).await?;
        // Keep reading its socket so that it stays a connected player.
        let reader = tokio::spawn(async move { while let Some(Ok(_)) = ws.next().await {} });
        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");

        browser
            .js(
                "window.prompt = () => '恶意拖延'; window.alert = (m) => { window.sgsAlert = m; };",
                vec![],
            )
            .await?;
        browser.click("[data-testid=report]").await?;
        browser
            .wait_js(
                "return window.sgsAlert === '已举报，管理员会查看';",
                "the report sent",
            )
            .await?;
        let reports = server.state.shared.storage.reports(None, 10)?;
        assert_eq!(reports.len(), 1, "{reports:?}");
        assert_eq!(
            (reports[0].player, reports[0].reason.as_str()),
            (other, "恶意拖延")
        );
        browser.assert_no_errors().await?;
        browser.close().await?;
        reader.abort();
        server.stop().await;
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    });
}
