//! 计分赛 in the browser (issue 18, `modes.md` V-JF-2): a person and a bot play a two-game
//! series by clicking; the game-over screen shows the score table after each game and the
//! series' winner at the end.

use crate::support::*;

#[test]
fn a_person_plays_a_two_game_series_to_the_end() {
    run_browser_test(Duration::from_secs(600), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家辛").await?;
        // The identity option 计分赛, with its explanation beside it.
        let found = browser
            .js(
                "const s = document.getElementById('create-form').elements['mode.series']; \
                 if (!s) return false; s.value = 'on'; return true;",
                vec![],
            )
            .await?;
        assert_eq!(found, Value::Bool(true), "the lobby offers 计分赛");
        let options = Create {
            seats: 2,
            fill_bots: true,
            timeout_s: Some(60),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        start_game(&browser).await?;
        for game in 1..=2 {
            let played = play_by_clicking(&browser, &Bounds::default()).await?;
            assert!(played.over, "{played:?}");
            eprintln!("series game {game}: {played:?}");
            browser
                .wait_js(
                    &format!(
                        "return document.querySelector('[data-testid=game-over] [data-testid=series]')\
                         ?.dataset.played === '{game}';"
                    ),
                    "the score table after the game",
                )
                .await?;
            let table = browser
                .text("[data-testid=game-over] [data-testid=series]")
                .await?;
            eprintln!("{table}");
            assert!(
                table.contains("计分赛") && table.contains("总分"),
                "{table}"
            );
            if game == 1 {
                browser.screenshot("series-after-game-1").await?;
                browser.click("[data-action=rematch]").await?;
                browser
                    .wait_js(
                        "return !document.querySelector('[data-testid=game-over]');",
                        "the next game of the series",
                    )
                    .await?;
            }
        }
        let winner = browser
            .text("[data-testid=game-over] [data-testid=series-winner]")
            .await?;
        assert!(winner.contains("计分赛冠军"), "{winner}");
        browser.screenshot("series-over").await?;
        browser.assert_no_errors().await?;
        Ok(())
    })
}
