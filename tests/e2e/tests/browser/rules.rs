//! The rules page (issue 14): every mode, card kind, general and skill of the server's catalog,
//! reachable from the lobby and the table, in both languages, with a filter.

use crate::support::*;

const COUNTS: &str = "const c = await (await fetch('/catalog.json')).json(); \
    const n = (id) => document.querySelectorAll(`[data-testid=${id}]`).length; \
    return { modes: [c.modes.length, n('rule-mode')], cards: [c.card_kinds.length, n('rule-card')], \
             generals: [c.generals.length, n('rule-general')], \
             skills: [c.generals.reduce((a, g) => a + g.skills.length, 0), n('rule-skill')] };";

#[test]
fn the_rules_page_lists_the_whole_catalog_in_both_languages() {
    run_browser_test(Duration::from_secs(90), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        open_lobby(&browser, &server, "学规则").await?;
        let href = browser.attr("[data-testid=rules-link]", "href").await?;
        assert_eq!(href, "rules.html");
        browser.goto(&format!("{}rules.html", server.url())).await?;
        browser.wait_for("[data-testid=rule-card]").await?;
        let counts = browser.js(COUNTS, vec![]).await?;
        for what in ["modes", "cards", "generals", "skills"] {
            let pair = &counts[what];
            assert!(pair[0].as_u64().is_some_and(|n| n > 0), "{what}: {counts}");
            assert_eq!(
                pair[0], pair[1],
                "{what} shown against the catalog: {counts}"
            );
        }
        let slash = browser
            .text("[data-testid=rule-card][data-kind=slash]")
            .await?;
        assert!(slash.contains("杀") && slash.contains("♠"), "{slash}");
        browser.screenshot("rules-desktop").await?;

        // The filter keeps what matches.
        browser
            .type_into("[data-testid=rules-filter]", "仁德")
            .await?;
        let shown = browser
            .js(
                "return [...document.querySelectorAll('[data-testid=rule-general]')].filter(e => !e.hidden).map(e => e.dataset.id);",
                vec![],
            )
            .await?;
        // 刘备 of the identity game, of 国战 (whose 仁德 has its own text) and his 2008 print.
        assert_eq!(shown, json!(["liubei", "heg_liubei", "liubei_early"]));

        browser
            .js("const f = document.querySelector('[data-testid=rules-filter]'); f.value = ''; f.dispatchEvent(new Event('input'));", vec![])
            .await?;
        // English, remembered for the game's page.
        browser.click("[data-testid=rules-lang]").await?;
        let title = browser.text("[data-r=title]").await?;
        assert_eq!(title, "Rules");
        let slash = browser
            .text("[data-testid=rule-card][data-kind=slash]")
            .await?;
        assert!(slash.contains("Slash"), "{slash}");
        let saved = browser
            .js("return localStorage.getItem('sgs.lang');", vec![])
            .await?;
        assert_eq!(saved, json!("en"));
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}

/// Issue 14: the client draws its own pictures, and no two card kinds (nor two generals) share
/// an emblem.
#[test]
fn every_card_kind_and_general_has_its_own_emblem() {
    run_browser_test(Duration::from_secs(60), || async {
        let server = TestServer::start(config()).await?;
        let browser = Browser::launch(DESKTOP).await?;
        browser.goto(&server.url()).await?;
        let clash = browser
            .js(
                "const art = await import('/js/art.js'); \
                 const c = await (await fetch('/catalog.json')).json(); \
                 const clashes = []; \
                 for (const ids of [c.card_kinds.map(k => k.kind), c.generals.map(g => g.id)]) { \
                   const seen = new Map(); \
                   for (const id of ids) { \
                     const shape = art.emblem(id).innerHTML; \
                     if (seen.has(shape)) clashes.push(`${seen.get(shape)} ~ ${id}`); else seen.set(shape, id); \
                   } \
                 } \
                 return { clashes, kinds: c.card_kinds.length, generals: c.generals.length };",
                vec![],
            )
            .await?;
        assert_eq!(clash["clashes"], json!([]), "{clash}");
        browser.close().await?;
        server.stop().await;
        Ok(())
    });
}
