//! A practice table (残局) opens the pick-a-card and pool dialogs.

use crate::support::*;

/// A practice table (残局) that asks me for each dialog in turn: 过河拆桥 on a seat with a hand
/// card, equipment and a judgment card (pick a card, the hand face down), then 五谷丰登 (pick
/// from the pool).
const DIALOG_SCENARIO: &str = r#"{
  "seed": 7,
  "seats": [
    { "role": "lord", "general": "white",
      "hand": [{ "kind": "dismantlement" }, { "kind": "amazing_grace" }, { "kind": "slash" }] },
    { "role": "rebel", "general": "white",
      "hand": [{ "kind": "jink" }], "equip": [{ "kind": "crossbow" }], "judge": [{ "kind": "indulgence" }] }
  ],
  "current": 0,
  "phase": "play"
}"#;

#[test]
fn practice_table_shows_the_pick_card_and_pool_dialogs() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "残局").await?;
        start_practice(&browser, DIALOG_SCENARIO).await?;

        // 过河拆桥 on seat 2 (index 1): the dialog offers its hand face down, its equipment and
        // its judgment card.
        browser
            .wait_for("[data-testid=prompt][data-kind=play]")
            .await?;
        // A long press on a card shows its description and does not choose it.
        let pressed = browser
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 const el = document.querySelector('[data-testid=hand-card]'); \
                 const r = el.getBoundingClientRect(); \
                 const touch = new Touch({ identifier: 1, target: el, clientX: r.left + 5, clientY: r.top + 5 }); \
                 el.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch], changedTouches: [touch] })); \
                 setTimeout(() => { \
                   el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch] })); \
                   el.click(); \
                   requestAnimationFrame(() => requestAnimationFrame(() => { \
                     const tip = document.getElementById('tooltip'); \
                     done({ tip: tip.hidden ? '' : tip.innerText, \
                            chosen: document.querySelectorAll('[data-testid=hand-card][data-selected]').length }); \
                   })); \
                 }, 700);",
                vec![],
            )
            .await?;
        assert!(
            !pressed["tip"].as_str().unwrap_or_default().is_empty(),
            "no description on a long press: {pressed}"
        );
        assert_eq!(pressed["chosen"], json!(0), "a long press chose the card");
        browser
            .js("document.getElementById('tooltip').hidden = true;", vec![])
            .await?;
        click_hand_card(&browser, "过河拆桥").await?;
        browser
            .click("[data-testid=seat][data-seat='1'][data-selectable]")
            .await?;
        browser
            .click("[data-testid=prompt] [data-action=confirm]")
            .await?;
        browser
            .wait_for("[data-testid=dialog][data-kind=pick_card]")
            .await?;
        let groups = browser
            .js(
                "const g = (k) => [...document.querySelectorAll(`[data-group=${k}] [data-action=pick]`)]; \
                 return { hand: g('hand').length, hand_faces: g('hand').filter(e => e.dataset.card).length, \
                          equip: g('equip').length, judge: g('judge').length };",
                vec![],
            )
            .await?;
        assert_eq!(
            groups,
            json!({"hand": 1, "hand_faces": 0, "equip": 1, "judge": 1}),
            "the pick dialog's areas"
        );
        browser.screenshot("dialog-pick-desktop").await?;
        browser
            .click("[data-testid=dialog] [data-group=hand] [data-action=pick]")
            .await?;

        // 五谷丰登: I choose first from a pool of two.
        browser
            .wait_for("[data-testid=prompt][data-kind=play]:not([data-answered])")
            .await?;
        click_hand_card(&browser, "五谷丰登").await?;
        browser
            .click("[data-testid=prompt] [data-action=confirm]")
            .await?;
        browser
            .wait_for("[data-testid=dialog][data-kind=pool]")
            .await?;
        let choices = browser
            .js(
                "return document.querySelectorAll('[data-testid=dialog] [data-action=pick]').length;",
                vec![],
            )
            .await?;
        assert_eq!(choices, json!(2), "a pool of two to choose from");
        browser.screenshot("dialog-pool-desktop").await?;
        browser
            .click("[data-testid=dialog] [data-action=pick]")
            .await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=play]:not([data-answered])")
            .await?;
        let log = browser.page_text().await?;
        assert!(log.contains("过河拆桥"), "{log}");
        assert!(log.contains("五谷丰登"), "{log}");
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// 4 seats; I hold a 杀 with attack range 1: seats 2 and 4 are at distance 1, seat 3 at 2.
const REACH_SCENARIO: &str = r#"{
  "seed": 11,
  "seats": [
    { "role": "lord", "general": "white", "hand": [{ "kind": "slash" }] },
    { "role": "rebel", "general": "white" },
    { "role": "rebel", "general": "white" },
    { "role": "renegade", "general": "white" }
  ],
  "current": 0,
  "phase": "play"
}"#;

/// Issue 14, guidance: the line under the title says what to do next, legal targets light up
/// and the others say how far they are.
#[test]
fn the_prompt_says_what_is_next_and_out_of_reach_seats_show_their_distance() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "指引").await?;
        start_practice(&browser, REACH_SCENARIO).await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=play]")
            .await?;
        click_hand_card(&browser, "杀").await?;
        let hint = browser.text("[data-testid=prompt-hint]").await?;
        assert_eq!(hint, "为【杀】选择目标 · 攻击范围 1");
        let seats = browser
            .js(
                "return [...document.querySelectorAll('[data-testid=seat]:not([data-mine])')].map(el => \
                   [Number(el.dataset.seat), el.dataset.selectable === 'true', \
                    el.querySelector('[data-testid=distance]')?.textContent ?? null, el.classList.contains('unreachable')]);",
                vec![],
            )
            .await?;
        let mut seats: Vec<(u8, bool, Option<String>, bool)> = serde_json::from_value(seats)?;
        seats.sort();
        assert_eq!(
            seats,
            vec![
                (1, true, Some("距离 1".into()), false),
                (2, false, Some("距离 2".into()), true),
                (3, true, Some("距离 1".into()), false),
            ]
        );
        browser.click("[data-testid=seat][data-seat='1']").await?;
        browser
            .wait_for("[data-testid=seat][data-seat='1'][data-selected]")
            .await?;
        let hint = browser.text("[data-testid=prompt-hint]").await?;
        assert_eq!(hint, "点击“确定”使用【杀】");
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// Sends a key to the page as the keyboard would (`code` for digits, with Shift if asked).
async fn key(browser: &Browser, key: &str, code: &str, shift: bool) -> Result {
    browser
        .js(
            "document.dispatchEvent(new KeyboardEvent('keydown', { key: arguments[0], code: arguments[1], shiftKey: arguments[2], bubbles: true }));",
            vec![json!(key), json!(code), json!(shift)],
        )
        .await?;
    Ok(())
}

/// Issue 14, keyboard play: a digit chooses a hand card, Shift with a digit a seat, Esc cancels,
/// Enter confirms.
#[test]
fn a_whole_use_of_a_card_by_keyboard() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "键盘").await?;
        start_practice(&browser, REACH_SCENARIO).await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=play]")
            .await?;
        key(&browser, "1", "Digit1", false).await?;
        browser
            .wait_for("[data-testid=hand-card][data-selected]")
            .await?;
        key(&browser, "@", "Digit2", true).await?;
        browser
            .wait_for("[data-testid=seat][data-seat='1'][data-selected]")
            .await?;
        key(&browser, "Escape", "Escape", false).await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-selected]');",
                "nothing chosen after Esc",
            )
            .await?;
        key(&browser, "1", "Digit1", false).await?;
        key(&browser, "$", "Digit4", true).await?;
        browser
            .wait_for("[data-testid=seat][data-seat='3'][data-selected]")
            .await?;
        key(&browser, "Enter", "Enter", false).await?;
        // The 杀 is used on seat 4: it leaves my hand.
        browser
            .wait_js(
                "return document.querySelectorAll('[data-testid=hand-card]').length === 0;",
                "the 杀 used",
            )
            .await?;
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// Issue 14, motion and sound: a used card flies to the middle, a seat that takes damage flashes
/// (its effect survives redraws),
/// the card and the damage are heard, and the mute button silences the page, remembered.
#[test]
fn damage_is_shown_on_the_seat_and_heard_unless_muted() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "音效").await?;
        start_practice(&browser, REACH_SCENARIO).await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=play]")
            .await?;
        click_hand_card(&browser, "杀").await?;
        browser.click("[data-testid=seat][data-seat='1']").await?;
        browser
            .click("[data-testid=prompt] [data-action=confirm]")
            .await?;
        browser
            .wait_for("[data-testid=seat][data-seat='1'][data-fx=damage]")
            .await?;
        // The 杀 flew from my seat to the middle.
        let flown = browser.js("return window.sgsFlights;", vec![]).await?;
        assert!(
            flown.as_u64().is_some_and(|n| n > 0),
            "no card flew: {flown}"
        );
        let sounds = browser.js("return [...window.sgsSounds];", vec![]).await?;
        let sounds: Vec<String> = serde_json::from_value(sounds)?;
        assert!(sounds.contains(&"card".to_string()), "{sounds:?}");
        assert!(sounds.contains(&"damage".to_string()), "{sounds:?}");
        browser.click("[data-action=mute]").await?;
        assert_eq!(browser.text("[data-action=mute]").await?, "音效：关");
        let saved = browser
            .js("return localStorage.getItem('sgs.muted');", vec![])
            .await?;
        assert_eq!(saved, json!("on"));
        let before = browser
            .js("return window.sgsSounds.length;", vec![])
            .await?;
        // My empty-handed play phase ends by itself; the others play their turns, unheard.
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        let after = browser
            .js("return window.sgsSounds.length;", vec![])
            .await?;
        assert_eq!(before, after, "a sound while muted");
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// A bot's 杀 at me while I hold a 闪: the response prompt.
const RESPOND_SCENARIO: &str = r#"{
  "seed": 5,
  "seats": [
    { "role": "lord", "general": "white", "hand": [{ "kind": "jink" }] },
    { "role": "rebel", "general": "white", "hand": [{ "kind": "slash" }] }
  ],
  "current": 1,
  "phase": "play"
}"#;

/// Issue 14's proof: a response prompt at desktop and phone size in both languages, with the
/// line that says what to do and nothing cut (screenshots in `artifacts/screenshots/`).
#[test]
fn a_response_prompt_at_desktop_and_phone_in_both_languages() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "应对").await?;
        start_practice(&browser, RESPOND_SCENARIO).await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=respond]")
            .await?;
        for lang in ["zh", "en"] {
            if lang == "en" {
                browser.click("[data-action=lang]").await?;
            }
            for (size_name, size) in [("desktop", DESKTOP), ("phone", PHONE)] {
                browser.resize(size).await?;
                browser
                    .js("await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));", vec![])
                    .await?;
                let title = browser.text("[data-testid=prompt-title]").await?;
                let expected = if lang == "zh" { "闪" } else { "Jink" };
                assert!(title.contains(expected), "{lang}: {title}");
                browser
                    .screenshot(&format!("respond-{size_name}-{lang}"))
                    .await?;
            }
        }
        // Answered with the 闪 by keyboard: the first hand card, then Enter.
        browser.resize(DESKTOP).await?;
        browser
            .js("document.dispatchEvent(new KeyboardEvent('keydown', { key: '1', code: 'Digit1', bubbles: true }));", vec![])
            .await?;
        browser
            .js("document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }));", vec![])
            .await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-testid=prompt][data-kind=respond]');",
                "the 闪 played",
            )
            .await?;
        let log = log_text(&browser).await?;
        assert!(log.contains("应对 uses ♥2 [Jink]"), "{log}");
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}
