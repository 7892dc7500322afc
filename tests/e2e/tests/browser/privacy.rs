//! Two sessions in a private room see only their own hands.

use crate::support::*;

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

        // Chat reaches everyone in the room, in its own tab (never in the game log); the
        // others see it counted on the tab they are not looking at.
        host.click("[data-action=tab-chat]").await?;
        host.type_into("[data-testid=chat-input]", "大家好").await?;
        host.click("[data-action=chat]").await?;
        for page in [&guest, &watcher] {
            page.wait_js(
                "return [...document.querySelectorAll('#chat-log [data-testid=chat-line]')].some(l => l.textContent.includes('大家好'));",
                "the chat line",
            )
            .await?;
            let in_log = page
                .js("return document.querySelector('[data-testid=log]').textContent.includes('大家好');", vec![])
                .await?;
            assert_eq!(in_log, Value::Bool(false), "chat mixed into the game log");
            page.wait_js(
                "const b = document.querySelector('[data-testid=chat-unread]'); return !b.hidden && Number(b.textContent) >= 1;",
                "the unread count on the chat tab",
            )
            .await?;
        }
        // A quick phrase is one click.
        host.click("[data-action=quick-phrase][data-phrase=q_nice]")
            .await?;
        guest
            .wait_js(
                "return [...document.querySelectorAll('#chat-log [data-testid=chat-line]')].some(l => l.textContent.includes('打得好！'));",
                "the quick phrase",
            )
            .await?;

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
