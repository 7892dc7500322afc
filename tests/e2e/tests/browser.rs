//! The web client in headless Chromium against the real server: a whole game played by clicking,
//! hidden hands between two sessions, reload returning to the same seat, and screenshots at
//! desktop and phone sizes (written to `artifacts/screenshots/`).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use sgs_e2e::*;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// My seat has a prompt of the play phase, or the game is over.
const MY_PLAY_PHASE: &str = "return !!document.querySelector(\
    '[data-testid=prompt][data-kind=play]:not([data-answered]), [data-testid=game-over]');";

/// The role names the result rows may show (Chinese, the default language).
const ROLES_ZH: [&str; 4] = ["主公", "忠臣", "反贼", "内奸"];

#[test]
fn a_person_plays_a_whole_game_against_bots_by_clicking() {
    run_browser_test(Duration::from_secs(300), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "玩家甲").await?;
        let options = Create {
            seats: 3,
            timeout_s: Some(60),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        // Two bot seats, added with the host's buttons.
        browser.click("[data-action=add-bot]").await?;
        browser
            .wait_js(
                "return document.querySelectorAll('[data-testid=room-seat][data-occupant=bot]').length === 1;",
                "the first bot",
            )
            .await?;
        browser.click("[data-action=add-bot]").await?;
        browser
            .wait_js(
                "return document.querySelectorAll('[data-testid=room-seat][data-occupant=bot]').length === 2;",
                "the second bot",
            )
            .await?;
        start_game(&browser).await?;

        let played = play_by_clicking(&browser, &Bounds::default()).await?;
        assert!(played.over, "{played:?}");
        eprintln!("whole game: {played:?}");
        assert!(played.clicks > 0, "the person never clicked: {played:?}");

        // The game-over screen reveals every role.
        let rows = browser
            .js(
                "return [...document.querySelectorAll('[data-testid=result-row]')].map(r => r.innerText);",
                vec![],
            )
            .await?;
        let rows: Vec<String> = rows
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .map(|r| r.as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(rows.len(), 3, "{rows:?}");
        for row in &rows {
            assert!(
                ROLES_ZH.iter().any(|role| row.contains(role)),
                "no role in {row:?}"
            );
        }
        let winner = browser.text("[data-testid=winner]").await?;
        assert!(
            winner.contains("获胜") || winner.contains("平局"),
            "{winner}"
        );
        // The log tells the game in sentences.
        let log = browser
            .js(
                "return document.querySelector('[data-testid=log]').innerText;",
                vec![],
            )
            .await?;
        let log = log.as_str().unwrap_or_default();
        assert!(log.contains("的回合"), "{log}");
        assert!(log.contains("游戏结束"), "{log}");
        browser.assert_no_errors().await?;

        // The host's rematch starts a new game at the same seats.
        browser.click("[data-action=rematch]").await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-testid=game-over]') && \
                 (document.querySelectorAll('[data-testid=hand-card]').length > 0 || \
                  !!document.querySelector('[data-testid=dialog][data-kind=choose_general]'));",
                "the rematch",
            )
            .await?;
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

#[test]
fn two_sessions_in_a_private_room_each_see_only_their_own_hand() {
    run_browser_test(Duration::from_secs(180), || async {
        let server = TestServer::start(config()).await?;
        let host = Browser::launch(DESKTOP).await?;
        let guest = Browser::launch(DESKTOP).await?;
        open_lobby(&host, &server, "房主").await?;
        open_lobby(&guest, &server, "客人").await?;
        let options = Create {
            seats: 3,
            private: true,
            password: Some("secret".into()),
            timeout_s: Some(60),
            ..Create::default()
        };
        let room = create_room(&host, &options).await?;
        let invite_code = host.text("[data-testid=invite-code]").await?;
        host.click("[data-action=add-bot]").await?;

        // The private room is not listed; joining by its id asks for the password.
        let listed = guest
            .js(
                "return !!document.querySelector(`[data-testid=room-row][data-room=\"${arguments[0]}\"]`);",
                vec![json!(room)],
            )
            .await?;
        assert_eq!(listed, Value::Bool(false), "a private room is listed");
        guest.type_into("[data-testid=join-room-id]", &room).await?;
        guest.click("[data-action=join-by-code]").await?;
        guest.wait_for("[data-testid=password-box]").await?;
        guest
            .type_into("[data-testid=password-input]", "secret")
            .await?;
        guest.click("[data-action=password-ok]").await?;
        guest.wait_for("[data-testid=waiting-room]").await?;
        host.wait_js(
            "return [...document.querySelectorAll('[data-testid=room-seat]')].some(r => r.innerText.includes('客人'));",
            "the guest in the host's seat list",
        )
        .await?;
        start_game(&host).await?;
        guest.wait_for("[data-testid=board]").await?;

        // Both choose a general when asked; then take both snapshots while neither hand moves.
        let mut checked = false;
        for _ in 0..200 {
            choose_general_if_asked(&host).await?;
            choose_general_if_asked(&guest).await?;
            let host_hand = my_hand(&host).await?;
            let guest_hand = my_hand(&guest).await?;
            let in_guest_page = cards_in_page(&guest).await?;
            let in_host_page = cards_in_page(&host).await?;
            let host_seats = seats_shown(&host).await?;
            let guest_seats = seats_shown(&guest).await?;
            let stable = my_hand(&host).await? == host_hand && my_hand(&guest).await? == guest_hand;
            if !stable || host_hand.is_empty() || guest_hand.is_empty() {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            assert!(
                host_hand.iter().all(|c| !in_guest_page.contains(c)),
                "the guest's page holds a card of the host's hand: {host_hand:?} in {in_guest_page:?}"
            );
            assert!(
                guest_hand.iter().all(|c| !in_host_page.contains(c)),
                "the host's page holds a card of the guest's hand: {guest_hand:?} in {in_host_page:?}"
            );
            let host_seat = host_seats
                .iter()
                .find(|s| s.mine)
                .ok_or("host has no seat")?;
            let guest_seat = guest_seats
                .iter()
                .find(|s| s.mine)
                .ok_or("guest has no seat")?;
            assert_ne!(host_seat.seat, guest_seat.seat);
            // Each sees the other's hand as a count only.
            let host_as_seen = &guest_seats[host_seat.seat as usize];
            let guest_as_seen = &host_seats[guest_seat.seat as usize];
            if host_as_seen.hand_count != format!("手牌 {}", host_hand.len())
                || guest_as_seen.hand_count != format!("手牌 {}", guest_hand.len())
            {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
            // Roles: one's own and the lord's, nobody else's (the bot's at most when lord).
            for (seats, own) in [
                (&host_seats, host_seat.seat),
                (&guest_seats, guest_seat.seat),
            ] {
                for s in seats.iter() {
                    let lord = s.role.as_deref() == Some("lord");
                    if s.seat != own && !lord {
                        assert_eq!(s.role, None, "seat {} shows a hidden role", s.seat);
                    }
                }
                assert!(seats[own as usize].role.is_some(), "my own role is missing");
                assert_eq!(
                    seats
                        .iter()
                        .filter(|s| s.role.as_deref() == Some("lord"))
                        .count(),
                    1,
                    "the lord is not shown"
                );
            }
            checked = true;
            break;
        }
        assert!(checked, "the hands never held still long enough to compare");

        // A spectator joins with the invite code: it sees the table and nobody's hand.
        let invite = invite_code;
        let watcher = Browser::launch(PHONE).await?;
        open_lobby(&watcher, &server, "旁观者").await?;
        watcher
            .type_into("[data-testid=join-room-id]", &room)
            .await?;
        watcher
            .type_into("[data-testid=join-invite]", &invite)
            .await?;
        watcher.click("[data-action=spectate-by-code]").await?;
        watcher.wait_for("[data-testid=board]").await?;
        let watched = seats_shown(&watcher).await?;
        assert_eq!(watched.len(), 3);
        assert!(watched.iter().all(|s| !s.mine), "a spectator holds no seat");
        assert!(
            my_hand(&watcher).await?.is_empty(),
            "a spectator sees a hand"
        );
        for s in &watched {
            let lord = s.role.as_deref() == Some("lord");
            assert!(
                lord || s.role.is_none(),
                "a spectator sees the role of seat {}",
                s.seat
            );
        }

        // Chat reaches everyone in the room.
        host.type_into("[data-testid=chat-input]", "大家好").await?;
        host.click("[data-action=chat]").await?;
        for page in [&guest, &watcher] {
            page.wait_js(
                "return [...document.querySelectorAll('[data-testid=chat-line]')].some(l => l.textContent.includes('大家好'));",
                "the chat line",
            )
            .await?;
        }

        // The guest's connection drops: the others see the seat marked offline.
        guest.assert_no_errors().await?;
        guest.close().await?;
        host.wait_for("[data-testid=offline]").await?;
        watcher.wait_for("[data-testid=offline]").await?;
        host.assert_no_errors().await?;
        watcher.assert_no_errors().await?;
        host.close().await?;
        watcher.close().await?;
        server.stop().await;
        Ok(())
    });
}

#[test]
fn reload_mid_game_returns_to_the_same_seat_and_state() {
    run_browser_test(Duration::from_secs(180), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "重连者").await?;
        let options = Create {
            seats: 3,
            fill_bots: true,
            timeout_s: Some(60),
            ..Create::default()
        };
        create_room(&browser, &options).await?;
        start_game(&browser).await?;
        // Play until my play phase: the game then waits for me alone.
        let bounds = Bounds {
            until: Some(MY_PLAY_PHASE),
            ..Bounds::default()
        };
        play_by_clicking(&browser, &bounds).await?;
        if browser
            .js(
                "return !!document.querySelector('[data-testid=game-over]');",
                vec![],
            )
            .await?
            == Value::Bool(true)
        {
            return fail("the game ended before my play phase");
        }
        let seats = seats_shown(&browser).await?;
        let hand = my_hand(&browser).await?;
        let title = browser.text("[data-testid=prompt-title]").await?;
        let token = browser
            .js("return localStorage.getItem('sgs.token');", vec![])
            .await?;
        let log_script = "return document.querySelector('[data-testid=log]').innerText;";
        let log = browser.js(log_script, vec![]).await?;

        browser.client.refresh().await?;
        browser
            .wait_for("[data-testid=prompt][data-kind=play]")
            .await?;
        let after = seats_shown(&browser).await?;
        assert_eq!(after, seats, "the table changed across the reload");
        assert_eq!(my_hand(&browser).await?, hand, "my hand changed");
        let title_after = browser.text("[data-testid=prompt-title]").await?;
        // The countdown differs; the question does not.
        let question = |t: &str| {
            t.rsplit_once(' ')
                .map_or(t.to_string(), |(q, _)| q.to_string())
        };
        assert_eq!(question(&title_after), question(&title));
        let token_after = browser
            .js("return localStorage.getItem('sgs.token');", vec![])
            .await?;
        assert_eq!(token_after, token, "the session token changed");
        assert_eq!(
            browser.js(log_script, vec![]).await?,
            log,
            "the game log was lost"
        );
        // And the game goes on from there: end the play phase.
        browser
            .click("[data-testid=prompt] [data-action=pass]")
            .await?;
        browser
            .wait_js(
                "return !document.querySelector('[data-testid=prompt][data-kind=play]');",
                "the play phase to end",
            )
            .await?;
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// Someone else (a plain WebSocket client) opens a public room, so the lobby has one to list.
/// Returns the socket: the room lives while it is open.
async fn open_room_elsewhere(server: &TestServer, name: &str) -> Result<Socket> {
    let url = format!("ws://{}/ws", server.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await?;
    let hello = json!({"type": "hello", "version": 1, "name": "elsewhere"});
    ws.send(Message::text(hello.to_string())).await?;
    let create = json!({"type": "create_room", "id": 1, "options": {"name": name, "seats": 6}});
    ws.send(Message::text(create.to_string())).await?;
    while let Some(frame) = ws.next().await {
        let Message::Text(text) = frame? else {
            continue;
        };
        let msg: Value = serde_json::from_str(text.as_str())?;
        match msg["type"].as_str() {
            Some("sync") => return Ok(ws),
            Some("error") => return fail(format!("cannot open a room: {msg}")),
            _ => {}
        }
    }
    fail("the socket closed before the room was opened")
}

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

        // Trusteeship plays the rest.
        browser.click("[data-action=trusteeship]").await?;
        browser
            .wait_for("[data-testid=seat][data-mine] [data-testid=trusteeship-mark]")
            .await?;
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

/// Clicks the hand card named `name` (as the page shows it).
async fn click_hand_card(browser: &Browser, name: &str) -> Result {
    let found = browser
        .js(
            "return [...document.querySelectorAll('[data-testid=hand-card][data-selectable]')] \
               .find(el => el.innerText.includes(arguments[0])) || null;",
            vec![json!(name)],
        )
        .await?;
    match browser.element(&found) {
        Some(element) => Ok(element.click().await?),
        None => fail(format!("no clickable {name} in my hand")),
    }
}

#[test]
fn practice_table_shows_the_pick_card_and_pool_dialogs() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "残局").await?;
        browser
            .js(
                "const f = document.getElementById('create-form'); \
                 f.querySelector('details').open = true; f.elements.scenario.value = arguments[0]; \
                 f.elements.fill_bots.checked = true;",
                vec![json!(DIALOG_SCENARIO)],
            )
            .await?;
        browser.click("[data-action=create-room]").await?;
        browser.wait_for("[data-testid=waiting-room]").await?;
        start_game(&browser).await?;

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

/// Runs `web/js/prompt.js` on hand-written prompts in the page: conversions, skill buttons,
/// target order, choosing cards, 观星 and unknown actions.
const BUILDER_CASES: &str = r#"
const done = arguments[arguments.length - 1];
import('/js/prompt.js').then((P) => {
  const out = [];
  const check = (name, got, want) => {
    const a = JSON.stringify(got), b = JSON.stringify(want);
    if (a !== b) out.push(`${name}: got ${a}, want ${b}`);
  };
  const pending = (id, kind, choices) => ({ prompt_id: id, remaining_ms: 1000, prompt: { seat: 0, kind, choices } });
  const sorted = (set) => [...set].sort((a, b) => a - b);

  // 武圣: a red card as 杀, offered beside the cards used as themselves.
  const slash = { type: 'card', cards: [1], targets: [1] };
  const ws1 = { type: 'card', cards: [5], skill: 'wusheng', targets: [1] };
  const ws2 = { type: 'card', cards: [5], skill: 'wusheng', targets: [2] };
  const peach = { type: 'card', cards: [9] };
  let p = pending(1, 'play', { type: 'actions', actions: [slash, ws1, ws2, peach, { type: 'pass' }] });
  let m = P.analyze(p);
  check('play cards', sorted(m.cards), [1, 5, 9]);
  check('play seats before a card', sorted(m.seats), []);
  check('skill buttons', m.skills, [{ skill: 'wusheng', direct: null }]);
  check('pass', m.pass, { type: 'pass' });
  P.toggleCard(m, 5); m = P.analyze(p);
  check('wusheng targets', sorted(m.seats), [1, 2]);
  check('no answer without a target', m.answer, null);
  P.toggleSeat(m, 2); m = P.analyze(p);
  check('wusheng answer', m.answer, ws2);
  P.clearSelection(); m = P.analyze(p);
  P.toggleCard(m, 9); m = P.analyze(p);
  check('peach needs no target', m.answer, peach);
  P.clearSelection(); m = P.analyze(p);
  P.toggleSkill(m, 'wusheng'); m = P.analyze(p);
  check('skill mode cards', sorted(m.cards), [5]);

  // A yes/no skill: one action with the skill and nothing to choose is sent as it is.
  p = pending(2, 'confirm', { type: 'actions', actions: [{ type: 'skill', skill: 'jianxiong' }, { type: 'pass' }] });
  m = P.analyze(p);
  check('direct skill', m.skills, [{ skill: 'jianxiong', direct: { type: 'skill', skill: 'jianxiong' } }]);

  // 突袭: every answer is the skill's, so its targets are clickable at once.
  const t1 = { type: 'skill', skill: 'tuxi', targets: [1] };
  const t2 = { type: 'skill', skill: 'tuxi', targets: [2] };
  const t12 = { type: 'skill', skill: 'tuxi', targets: [1, 2] };
  p = pending(7, 'choose', { type: 'actions', actions: [t1, t2, t12, { type: 'pass' }] });
  m = P.analyze(p);
  check('tuxi seats', sorted(m.seats), [1, 2]);
  P.toggleSeat(m, 1); m = P.analyze(p);
  check('tuxi one', m.answer, t1);
  P.toggleSeat(m, 2); m = P.analyze(p);
  check('tuxi two', m.answer, t12);

  // 遗计: give one or both of the drawn cards to one other character.
  const g31 = { type: 'skill', skill: 'yiji', cards: [3], targets: [1] };
  const g41 = { type: 'skill', skill: 'yiji', cards: [4], targets: [1] };
  const g341 = { type: 'skill', skill: 'yiji', cards: [3, 4], targets: [1] };
  const g32 = { type: 'skill', skill: 'yiji', cards: [3], targets: [2] };
  p = pending(8, 'choose', { type: 'actions', actions: [g31, g41, g341, g32, { type: 'pass' }] });
  m = P.analyze(p);
  check('yiji cards', sorted(m.cards), [3, 4]);
  check('yiji no seat before a card', sorted(m.seats), []);
  P.toggleCard(m, 3); m = P.analyze(p);
  check('yiji seats for one card', sorted(m.seats), [1, 2]);
  P.toggleCard(m, 4); m = P.analyze(p);
  check('yiji seats for two cards', sorted(m.seats), [1]);
  P.toggleSeat(m, 1); m = P.analyze(p);
  check('yiji answer', m.answer, g341);

  // 借刀杀人: the order of the chosen targets picks the answer.
  const c12 = { type: 'card', cards: [7], targets: [1, 2] };
  const c21 = { type: 'card', cards: [7], targets: [2, 1] };
  p = pending(3, 'play', { type: 'actions', actions: [c12, c21] });
  m = P.analyze(p);
  P.toggleCard(m, 7); m = P.analyze(p);
  P.toggleSeat(m, 2); m = P.analyze(p);
  check('second target', sorted(m.seats), [1]);
  P.toggleSeat(m, 1); m = P.analyze(p);
  check('target order', m.answer, c21);

  // Choose exactly two of the listed cards.
  p = pending(4, 'discard', { type: 'cards', from: [3, 4, 6], min: 2, max: 2, can_pass: false });
  m = P.analyze(p);
  P.toggleCard(m, 3); m = P.analyze(p);
  check('one is not enough', m.answer, null);
  P.toggleCard(m, 6); m = P.analyze(p);
  check('two cards', m.answer, { type: 'cards', cards: [3, 6] });
  check('no third', sorted(m.cards), []);

  // 观星: all on top at first; a card moved to the bottom; order changed.
  p = pending(5, 'arrange', { type: 'arrange', cards: [10, 11, 12] });
  m = P.analyze(p);
  check('arrange start', m.answer, { type: 'arrange', top: [10, 11, 12], bottom: [] });
  P.arrangeMove(m, 11); P.arrangeShift(m, 12, -1); m = P.analyze(p);
  check('arrange', m.answer, { type: 'arrange', top: [12, 10], bottom: [11] });

  // Picks, options and unknown actions are offered as they are.
  const pick = { type: 'pick', pick: { from: 'hand', index: 0 } };
  const future = { type: 'name_a_general', general: 'liubei' };
  p = pending(6, 'something_new', { type: 'actions', actions: [pick, { type: 'option', index: 1 }, future] });
  m = P.analyze(p);
  check('direct', m.direct, [pick, { type: 'option', index: 1 }, future]);
  done(out);
}).catch((e) => done([String(e && e.stack || e)]));
"#;

#[test]
fn the_prompt_builder_turns_legal_actions_into_clicks() {
    run_browser_test(Duration::from_secs(60), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        browser.goto(&server.url()).await?;
        browser.wait_for("[data-testid=lobby]").await?;
        let failures = browser.client.execute_async(BUILDER_CASES, vec![]).await?;
        assert_eq!(failures, json!([]), "prompt.js cases failed");
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}
