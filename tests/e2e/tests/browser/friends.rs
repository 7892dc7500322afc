//! Play with friends (issue 14): the invite link carries the server's `--public-url`, not the
//! address the host's page was opened at, and opens straight onto "join / watch".

use crate::support::*;

#[test]
fn an_invite_link_names_the_public_url_and_lands_a_friend_on_join() {
    run_browser_test(Duration::from_secs(120), || async {
        let server = TestServer::start_public(config()).await?;
        let public = format!("http://127.0.0.1:{}", server.addr.port());
        let host = Browser::launch(DESKTOP).await?;
        let friend = Browser::launch(PHONE).await?;
        // The host opens the page under another name of this machine than the public one.
        open_lobby_at(&host, &server.url_at("localhost"), "房主").await?;
        let options = Create {
            seats: 3,
            private: true,
            ..Create::default()
        };
        let room = create_room(&host, &options).await?;
        let link = host.attr("[data-testid=invite-link]", "value").await?;
        let code = host.text("[data-testid=invite-code]").await?;
        assert_eq!(link, format!("{public}/#room={room}&invite={code}"));
        host.click("[data-action=copy-link]").await?;
        host.wait_js(
            "return !document.getElementById('toast').hidden;",
            "the copy button's toast",
        )
        .await?;

        // The friend opens the link: the invite card is the first thing on the page and one
        // click joins the private room (no room id or code to type).
        open_lobby_at(&friend, &link, "好友").await?;
        friend
            .wait_for("[data-testid=invite-card]:not([hidden])")
            .await?;
        assert_eq!(friend.text("[data-testid=invite-room]").await?, room);
        let top = friend
            .js(
                "const r = document.getElementById('invite-join').getBoundingClientRect(); \
                 return r.bottom <= window.innerHeight && r.top >= 0;",
                vec![],
            )
            .await?;
        assert_eq!(top, Value::Bool(true), "the join button is below the fold");
        friend.click("[data-action=invite-join]").await?;
        friend.wait_for("[data-testid=waiting-room]").await?;
        host.wait_js(
            "return [...document.querySelectorAll('[data-testid=room-seat]')].some(r => r.innerText.includes('好友'));",
            "the friend in the host's seat list",
        )
        .await?;
        // Entered: the link's fragment is gone, so leaving does not offer the invite again.
        let hash = friend.js("return location.hash;", vec![]).await?;
        assert_eq!(hash, json!(""));
        friend.assert_no_errors().await?;
        host.assert_no_errors().await?;
        friend.close().await?;
        host.close().await?;
        server.stop().await;
        Ok(())
    });
}

#[test]
fn a_public_room_has_a_link_too() {
    run_browser_test(Duration::from_secs(60), || async {
        let server = TestServer::start_public(config()).await?;
        let host = Browser::launch(DESKTOP).await?;
        open_lobby_at(&host, &server.url_at("localhost"), "房主").await?;
        let room = create_room(
            &host,
            &Create {
                seats: 2,
                ..Create::default()
            },
        )
        .await?;
        let link = host.attr("[data-testid=invite-link]", "value").await?;
        let port = server.addr.port();
        assert_eq!(link, format!("http://127.0.0.1:{port}/#room={room}"));
        host.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// Issue 14, social: who is in the lobby, and the lobby's own chat.
#[test]
fn the_lobby_shows_who_is_there_and_has_its_own_chat() {
    run_browser_test(Duration::from_secs(60), || async {
        let server = TestServer::start(config()).await?;
        let ann = Browser::launch(DESKTOP).await?;
        let bob = Browser::launch(PHONE).await?;
        open_lobby(&ann, &server, "小安").await?;
        open_lobby(&bob, &server, "小博").await?;
        // A rename re-introduces the session: both names reach both pages.
        for page in [&ann, &bob] {
            page.wait_js(
                "const p = document.querySelector('[data-testid=lobby-people]').textContent; \
                 return p.includes('小安') && p.includes('小博') && \
                   document.querySelector('[data-testid=lobby-count]').textContent === '2 人在线';",
                "both names in the lobby",
            )
            .await?;
        }
        bob.type_into("[data-testid=lobby-chat-input]", "来一局？")
            .await?;
        bob.click("[data-action=lobby-chat]").await?;
        ann.wait_js(
            "return [...document.querySelectorAll('[data-testid=lobby-chat-line]')].some(l => l.textContent === '小博：来一局？');",
            "the lobby chat line",
        )
        .await?;
        ann.assert_no_errors().await?;
        bob.assert_no_errors().await?;
        ann.close().await?;
        bob.close().await?;
        server.stop().await;
        Ok(())
    });
}
