//! Screenshots of the lobby, the table and the game-over screen at desktop and phone sizes.

use crate::support::*;

#[test]
fn screenshots_of_lobby_table_and_game_over_at_desktop_and_phone_sizes() {
    run_browser_test(Duration::from_secs(240), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "截图").await?;
        // The lobby's list is live: a room opened elsewhere appears without a reload.
        let elsewhere = open_room_elsewhere(&server, "桃园结义").await?;
        browser
            .wait_js(
                "return document.querySelector('[data-testid=room-list]').innerText.includes('桃园结义');",
                "the live room list",
            )
            .await?;

        // Nothing sticks out to the right of a phone's screen (so no sideways scrolling).
        let phone_fits = "const w = document.documentElement.clientWidth + 1; \
             if (document.documentElement.scrollWidth <= w) return true; \
             return [...document.querySelectorAll('body *')].filter(el => el.getBoundingClientRect().right > w) \
               .slice(0, 8).map(el => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`).join(', ');";
        browser.screenshot("lobby-desktop").await?;
        browser.resize(PHONE).await?;
        browser.screenshot("lobby-phone").await?;
        assert_eq!(
            browser.js(phone_fits, vec![]).await?,
            Value::Bool(true),
            "the lobby is wider than a phone"
        );
        browser.resize(DESKTOP).await?;

        let options = Create {
            seats: 5,
            fill_bots: true,
            timeout_s: Some(60),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        browser.click("[data-action=add-bot]").await?;
        browser
            .wait_for("[data-testid=room-seat][data-occupant=bot]")
            .await?;
        browser.screenshot("waiting-room-desktop").await?;
        start_game(&browser).await?;
        // General selection: the lord first, then everyone else at once.
        browser
            .wait_for("[data-testid=dialog][data-kind=choose_general]")
            .await?;
        browser.screenshot("choose-general-desktop").await?;
        browser.resize(PHONE).await?;
        browser.screenshot("choose-general-phone").await?;
        browser.resize(DESKTOP).await?;
        // Play a little, then stop at a decision of mine with cards to choose.
        let bounds = Bounds {
            pause_after: Some(6),
            ..Bounds::default()
        };
        play_by_clicking(&browser, &bounds).await?;
        let bounds = Bounds {
            until: Some(MY_PLAY_PHASE),
            ..Bounds::default()
        };
        play_by_clicking(&browser, &bounds).await?;
        // A description on hover.
        let tip = browser
            .js(
                "const el = document.querySelector('[data-testid=hand-card], [data-tip^=skill]'); \
                 if (!el) return ''; const r = el.getBoundingClientRect(); \
                 el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, clientX: r.left + 5, clientY: r.top + 5 })); \
                 const tip = document.getElementById('tooltip'); return tip.hidden ? '' : tip.innerText;",
                vec![],
            )
            .await?;
        assert!(
            !tip.as_str().unwrap_or_default().is_empty(),
            "no description on hover"
        );
        browser.screenshot("table-desktop").await?;
        browser
            .js("document.getElementById('tooltip').hidden = true;", vec![])
            .await?;
        browser.resize(PHONE).await?;
        browser
            .js("document.getElementById('tooltip').hidden = true;", vec![])
            .await?;
        browser.screenshot("table-phone").await?;
        assert_eq!(
            browser.js(phone_fits, vec![]).await?,
            Value::Bool(true),
            "the table is wider than a phone"
        );
        browser.resize(DESKTOP).await?;

        // Trusteeship plays the rest. (A dialog for a prompt of ours may cover the table at this
        // moment; the button works under it, so press it without aiming the mouse.) On a slow
        // machine the screenshots above can outlast my seat: it dies at its clocks' default
        // answers and the bots finish the game, leaving trusteeship nothing to play (its own
        // test is `trusteeship.rs`).
        let over = browser
            .js(
                "return !!document.querySelector('[data-testid=game-over]');",
                vec![],
            )
            .await?;
        if over != Value::Bool(true) {
            browser
                .js(
                    "document.querySelector('[data-action=trusteeship]').click(); return true;",
                    vec![],
                )
                .await?;
            // The mark, or the end the game reached meanwhile.
            browser
                .wait_for(
                    "[data-testid=seat][data-mine] [data-testid=trusteeship-mark], [data-testid=game-over]",
                )
                .await?;
        }
        let started = std::time::Instant::now();
        while browser
            .js(
                "return !!document.querySelector('[data-testid=game-over]');",
                vec![],
            )
            .await?
            != Value::Bool(true)
        {
            if started.elapsed() > Duration::from_secs(120) {
                return fail("trusteeship did not finish the game");
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        browser.screenshot("game-over-desktop").await?;
        browser.resize(PHONE).await?;
        browser.screenshot("game-over-phone").await?;
        browser.resize(DESKTOP).await?;
        // The English switch.
        browser.click("[data-action=lang]").await?;
        browser
            .wait_js(
                "return document.querySelector('[data-testid=game-over]').innerText.includes('Game over');",
                "English",
            )
            .await?;
        browser.screenshot("game-over-desktop-en").await?;
        browser.assert_no_errors().await?;
        browser.close().await?;
        drop(elsewhere);
        server.stop().await;
        Ok(())
    });
}
