//! General packs in the browser: the lobby offers the 风 (Wind) pack from the catalog, and a
//! person plays a whole game with the standard and 风 generals against bots by clicking.

use crate::support::*;

#[test]
fn a_person_plays_a_whole_game_with_the_wind_generals() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家丙").await?;
        let offered = browser
            .text("[data-testid=general-pack][data-pack=wind]")
            .await?;
        assert!(offered.contains("风"), "{offered}");
        let options = Create {
            seats: 5,
            fill_bots: true,
            timeout_s: Some(60),
            general_packs: vec!["wind"],
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        let waiting = browser.text("[data-testid=waiting-room]").await?;
        assert!(waiting.contains("风"), "the room's ruleset: {waiting}");
        start_game(&browser).await?;
        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");
        eprintln!("whole game with the wind generals: {played:?}");
        let winner = browser.text("[data-testid=winner]").await?;
        assert!(
            winner.contains("获胜") || winner.contains("平局"),
            "{winner}"
        );
        browser.assert_no_errors().await?;
        Ok(())
    })
}

/// The 2009 texts (issue 17): the lobby offers the edition, the room says it, and a whole game
/// with the 风 generals is played by clicking with no 2013 print of a reworked general seated.
#[test]
fn a_person_plays_a_whole_game_with_the_2009_texts() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家戊").await?;
        let options = Create {
            seats: 5,
            fill_bots: true,
            timeout_s: Some(60),
            general_packs: vec!["wind"],
            edition: Some("2009"),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        let waiting = browser.text("[data-testid=waiting-room]").await?;
        assert!(waiting.contains("2009"), "the room's ruleset: {waiting}");
        start_game(&browser).await?;
        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");
        let reworked = browser
            .js(
                "return [...document.querySelectorAll('[data-portrait]')].map((p) => p.dataset.portrait) \
                 .filter((id) => ['caoren', 'zhoutai', 'zhangjiao', 'yuji'].includes(id));",
                Vec::new(),
            )
            .await?;
        assert_eq!(reworked, serde_json::json!([]), "a 2013 print seated");
        browser.assert_no_errors().await?;
        Ok(())
    })
}

/// The 神 gods (issue 17): the lobby offers the pack, and a whole game with the standard and god
/// generals is played by clicking; every god on the table shows the kingdom it chose (none is
/// left showing 神), and its marks and stars show on its seat as other skills' do.
#[test]
fn a_person_plays_a_whole_game_with_the_god_generals() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家丁").await?;
        let offered = browser
            .text("[data-testid=general-pack][data-pack=god]")
            .await?;
        assert!(offered.contains("神"), "{offered}");
        let options = Create {
            seats: 5,
            fill_bots: true,
            timeout_s: Some(60),
            general_packs: vec!["god"],
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        start_game(&browser).await?;
        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");
        eprintln!("whole game with the god generals: {played:?}");
        let unchosen = browser
            .js(
                "return document.querySelectorAll('[data-testid=seat].k-god').length",
                Vec::new(),
            )
            .await?;
        assert_eq!(
            unchosen,
            serde_json::json!(0),
            "a god shows no chosen kingdom"
        );
        let winner = browser.text("[data-testid=winner]").await?;
        assert!(
            winner.contains("获胜") || winner.contains("平局"),
            "{winner}"
        );
        browser.assert_no_errors().await?;
        Ok(())
    })
}
