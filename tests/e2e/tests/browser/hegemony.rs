//! 国战 Hegemony in the browser (issue 20): the lobby offers the mode; each seat shows two
//! general cards — mine face up to me, the others' face down until revealed (H-HID-4, H-VIS-2)
//! — with the reveal (明置) prompts, kingdom colours once known and 野心家 marked; a person plays
//! a whole 国战 game with bots by clicking, at desktop and at phone size.

use crate::support::*;

/// The names on the table's general cards: `[seat, slot, shown, name]` for every seat.
async fn duo_cards(browser: &Browser) -> Result<Vec<serde_json::Value>> {
    let cards = browser
        .js(
            "return [...document.querySelectorAll('[data-testid=duo-general]')].map((e) => \
             [Number(e.closest('[data-testid=seat]').dataset.seat), e.dataset.slot, \
              e.dataset.shown === 'true', e.querySelector('.name').textContent]);",
            vec![],
        )
        .await?;
    Ok(cards.as_array().cloned().unwrap_or_default())
}

async fn play_hegemony(
    browser: &Browser,
    server: &TestServer,
    name: &str,
    size: &str,
) -> Result<()> {
    open_lobby(browser, server, name).await?;
    let options = Create {
        seats: 6,
        fill_bots: true,
        timeout_s: Some(60),
        mode: Some("hegemony"),
        ..Create::default()
    };
    create_room(browser, &options).await?;
    start_game(browser).await?;
    browser.wait_for("[data-testid=seat]").await?;
    // Play until my two generals are chosen, then look at the table.
    let chosen = Bounds {
        until: Some("return document.querySelectorAll('[data-testid=duo-general]').length >= 12;"),
        ..Bounds::default()
    };
    play_by_clicking(browser, &chosen).await?;
    let cards = duo_cards(browser).await?;
    let me = browser
        .js(
            "return Number(document.querySelector('[data-testid=seat][data-mine]').dataset.seat);",
            vec![],
        )
        .await?;
    for card in &cards {
        let (seat, shown, text) = (&card[0], card[2].as_bool(), card[3].as_str().unwrap_or(""));
        if *seat == me {
            assert!(
                !text.is_empty() && text != "?",
                "my own generals are named to me: {card}"
            );
        } else if shown == Some(false) {
            assert_eq!(
                text, "?",
                "another seat's face-down general is not named: {card}"
            );
        }
    }
    browser
        .screenshot(&format!("hegemony-table-{size}"))
        .await?;
    let played = play_by_clicking(
        browser,
        &Bounds {
            limit: Duration::from_secs(300),
            ..Bounds::default()
        },
    )
    .await?;
    assert!(played.over, "{played:?}");
    eprintln!("whole 国战 game ({size}): {played:?}");
    let winner = browser.text("[data-testid=winner]").await?;
    assert!(
        ["魏", "蜀", "吴", "群", "野心家", "平局"]
            .iter()
            .any(|w| winner.contains(w)),
        "{winner}"
    );
    // At the end every general is shown (H-WIN-2): no card stays face down.
    let hidden: Vec<_> = duo_cards(browser)
        .await?
        .into_iter()
        .filter(|c| c[2].as_bool() == Some(false))
        .collect();
    assert!(hidden.is_empty(), "face down at the end: {hidden:?}");
    browser
        .screenshot(&format!("hegemony-game-over-{size}"))
        .await?;
    browser.assert_no_errors().await?;
    Ok(())
}

#[test]
fn a_person_plays_a_whole_hegemony_game_at_desktop_size() {
    run_browser_test(Duration::from_secs(420), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        play_hegemony(&browser, &server, "玩家寅", "desktop").await
    })
}

#[test]
fn a_person_plays_a_whole_hegemony_game_at_phone_size() {
    run_browser_test(Duration::from_secs(420), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(PHONE).await?;
        play_hegemony(&browser, &server, "玩家卯", "phone").await
    })
}
