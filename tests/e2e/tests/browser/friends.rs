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
