//! General packs and text editions in the browser: the lobby offers them from the catalog, and a
//! person plays a whole game with them against bots by clicking.

use crate::support::*;

/// Five seats with bots and `general_packs` (and `edition`): `player` checks the lobby offers
/// each pack, creates the room, checks its ruleset line names `shown`, and plays the whole game
/// by clicking to a result. Returns the server and the browser at the game-over screen.
async fn whole_game(
    player: &str,
    general_packs: Vec<&'static str>,
    edition: Option<&'static str>,
    shown: &str,
) -> Result<(TestServer, Browser)> {
    let server = TestServer::start(config()).await?;
    let browser = Browser::launch(DESKTOP).await?;
    open_lobby(&browser, &server, player).await?;
    for pack in &general_packs {
        let offered = browser
            .text(&format!("[data-testid=general-pack][data-pack={pack}]"))
            .await?;
        assert!(!offered.is_empty(), "the lobby offers {pack}");
    }
    let options = Create {
        seats: 5,
        fill_bots: true,
        timeout_s: Some(60),
        general_packs,
        edition,
        ..Create::default()
    };
    create_room(&browser, &options).await?;
    let waiting = browser.text("[data-testid=waiting-room]").await?;
    assert!(waiting.contains(shown), "the room's ruleset: {waiting}");
    start_game(&browser).await?;
    let played = play_by_clicking(&browser, &Bounds::default()).await?;
    assert!(played.over, "{played:?}");
    eprintln!("{player}'s whole game: {played:?}");
    let winner = browser.text("[data-testid=winner]").await?;
    assert!(
        winner.contains("获胜") || winner.contains("平局"),
        "{winner}"
    );
    Ok((server, browser))
}

/// All four general packs at once (issue 17: the standard 25, 风, 火 and 神 — 45 generals).
#[test]
fn a_person_plays_a_whole_game_with_all_four_general_packs() {
    run_browser_test(Duration::from_secs(300), || async {
        let (_server, browser) =
            whole_game("玩家丙", vec!["wind", "fire", "god"], None, "风").await?;
        browser.assert_no_errors().await?;
        Ok(())
    })
}

/// The 2009 texts (issue 17): the lobby offers the edition, the room says it, and a whole game
/// with the 风 generals is played by clicking with no 2013 print of a reworked general seated.
#[test]
fn a_person_plays_a_whole_game_with_the_2009_texts() {
    run_browser_test(Duration::from_secs(300), || async {
        let (_server, browser) = whole_game("玩家戊", vec!["wind"], Some("2009"), "2009").await?;
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

/// The 2008 texts (issue 18, V-EARLY): the lobby names the edition, the room says it, and a whole
/// game with the standard generals is played by clicking with no current print of a general the
/// 2008 edition reprints seated.
#[test]
fn a_person_plays_a_whole_game_with_the_2008_texts() {
    run_browser_test(Duration::from_secs(300), || async {
        let (_server, browser) = whole_game("玩家己", Vec::new(), Some("2008"), "2008").await?;
        let reprinted = browser
            .js(
                "return [...document.querySelectorAll('[data-portrait]')].map((p) => p.dataset.portrait) \
                 .filter((id) => ['simayi', 'xiahoudun', 'xuchu', 'zhenji', 'liubei', 'zhangfei', \
                 'zhugeliang', 'huangyueying', 'lvmeng', 'huanggai', 'zhouyu', 'huatuo', 'diaochan'].includes(id));",
                Vec::new(),
            )
            .await?;
        assert_eq!(reprinted, serde_json::json!([]), "a current print seated");
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
        let (_server, browser) = whole_game("玩家丁", vec!["god"], None, "神").await?;
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
        browser.assert_no_errors().await?;
        Ok(())
    })
}
