//! 托管 (trusteeship) in the page (issue 14): a banner says it is on and why, and touching the
//! table takes the seat back without finding the button.

use crate::support::*;

const BANNER_ASKED: &str = "[data-testid=trusteeship-banner][data-reason=asked]";
const TABLE_WITHOUT_DIALOG: &str = "const dialog = document.querySelector('[data-testid=dialog]');\
    return !!document.querySelector('[data-action=trusteeship]') && !(dialog && dialog.getClientRects().length);";
const NO_BANNER: &str = "return !document.querySelector('[data-testid=trusteeship-banner]');";

#[test]
fn the_trusteeship_banner_says_why_and_a_click_on_the_table_ends_it() {
    run_browser_test(Duration::from_secs(180), || async {
        // The trustee's answers wait (as in rooms with people), so the game cannot race to its
        // end while the banner is checked.
        let mut config = config();
        config.pass_delay_min_ms = 1_500;
        config.pass_delay_max_ms = 2_000;
        let server = TestServer::start(config).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "托管者").await?;
        start_with_bots(&browser, 3).await?;
        // Any moment of the game will do: waiting for my own play phase could take minutes
        // with every pass delayed (a 乐不思蜀 skips it; a CI run once timed out so).
        // (The general is picked by clicking; then the table shows with no dialog over it.)
        let bounds = Bounds {
            until: Some(TABLE_WITHOUT_DIALOG),
            ..Bounds::default()
        };
        play_by_clicking(&browser, &bounds).await?;

        // Turned on by the button: the banner names the reason; its own button ends it.
        browser.click("[data-action=trusteeship]").await?;
        browser.wait_for(BANNER_ASKED).await?;
        browser.click("[data-action=trusteeship-off]").await?;
        browser.wait_js(NO_BANNER, "the banner gone").await?;

        // On again; a click on another seat (as when choosing a target) takes the seat back.
        browser.click("[data-action=trusteeship]").await?;
        browser.wait_for(BANNER_ASKED).await?;
        browser.click("[data-testid=seat]:not([data-mine])").await?;
        browser
            .wait_js(NO_BANNER, "the banner gone after a click on a seat")
            .await?;
        // (The banner follows the server's room_state: gone means the server gave the seat back.)
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}
