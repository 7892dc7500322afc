//! The records page (issue 15) in the browser: a guest in a game keeps its nickname as an
//! account, sees its profile, the ladder and the generals' figures in Chinese and English, logs
//! out, is refused a wrong password, and logs in again.

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
