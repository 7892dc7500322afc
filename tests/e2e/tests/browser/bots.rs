//! The bots' level in the browser (issue 22): the create-room form offers random / standard /
//! thinking (search) bots with a one-line explanation, the waiting room's settings line shows the
//! choice, and a table of search bots plays with the person.

use crate::support::*;

/// The lobby explains the bot levels; a room with 深思 (search) bots says so in its settings
/// line, starts, and its bots answer (the person's first play prompt arrives).
#[test]
fn a_room_with_search_bots_shows_its_level_and_plays() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家深思").await?;
        let hint = browser.text("[data-testid=bot-level-hint]").await?;
        assert!(hint.contains("深思") && hint.contains("托管"), "{hint}");
        let levels = browser.text("[data-testid=opt-bot-level]").await?;
        assert!(
            levels.contains("随机") && levels.contains("标准") && levels.contains("深思"),
            "{levels}"
        );
        let options = Create {
            seats: 4,
            fill_bots: true,
            timeout_s: Some(60),
            bot_level: Some("search"),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        let waiting = browser.text("[data-testid=waiting-room]").await?;
        assert!(
            waiting.contains("电脑水平: 深思"),
            "the settings line: {waiting}"
        );
        start_game(&browser).await?;
        let played = play_by_clicking(
            &browser,
            &Bounds {
                pause_after: Some(40),
                ..Bounds::default()
            },
        )
        .await?;
        eprintln!("with search bots: {played:?}");
        browser.assert_no_errors().await?;
        Ok(())
    })
}
