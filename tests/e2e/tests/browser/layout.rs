//! Layout (issue 14): 2–10 seats at 1366×768, 1920×1080, 390×844 and 844×390, in both
//! languages: no two seats (nor a seat and the middle of the table) overlap, no seat sticks
//! out of the page sideways, and no name, skill, tag or card name is cut or broken mid-word.
//! Screenshots of a busy 8-seat and a 10-seat table, in both languages, go to
//! `artifacts/screenshots/`.

use crate::support::*;

const SIZES: [(&str, (u32, u32)); 4] = [
    ("1366x768", (1366, 768)),
    ("1920x1080", (1920, 1080)),
    ("390x844", (390, 844)),
    ("844x390", (844, 390)),
];

/// Everything wrong with the table as drawn now, as readable lines (empty: all fits).
const MEASURE: &str = r#"
const problems = [];
const width = document.documentElement.clientWidth;
const boxes = [...document.querySelectorAll('[data-testid=seat]')]
  .map((el) => ({ name: `seat ${Number(el.dataset.seat) + 1}`, el, r: el.getBoundingClientRect() }));
const center = document.querySelector('[data-testid=center]');
if (center) boxes.push({ name: 'the middle', el: center, r: center.getBoundingClientRect() });
for (let i = 0; i < boxes.length; i++) {
  const a = boxes[i].r;
  if (boxes[i].el.dataset.testid === 'seat' && (a.left < -1 || a.right > width + 1)) problems.push(`${boxes[i].name} sticks out (${Math.round(a.left)}..${Math.round(a.right)} of ${width})`);
  for (let j = i + 1; j < boxes.length; j++) {
    const b = boxes[j].r;
    const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (x > 1 && y > 1) problems.push(`${boxes[i].name} overlaps ${boxes[j].name} (${Math.round(x)}×${Math.round(y)} px)`);
  }
}
const texts = '.gname, .pname, .skill, .role, .kingdom, .tag, .hp-num, .handcount, .mini, .card .name, .phase, .status';
for (const el of document.querySelectorAll(`#table :is(${texts})`)) {
  if (!el.getClientRects().length) continue;
  if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2) {
    const where = el.closest('[data-testid=seat]');
    problems.push(`${where ? `seat ${Number(where.dataset.seat) + 1}` : 'table'}: "${el.textContent}" is cut (${el.className})`);
  }
}
// A word broken across two lines ("Crossb ow"): its letters' boxes sit on more than one line.
for (const el of document.querySelectorAll('#table :is(.card .name, .gname, .pname, .skill, .mini)')) {
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    for (const m of node.textContent.matchAll(/[A-Za-z'’-]{2,}/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`"${m[0]}" is broken mid-word (${el.className})`);
    }
  }
}
return problems;
"#;

#[test]
fn seats_fit_at_every_size_in_both_languages() {
    run_browser_test(Duration::from_secs(600), || async {
        // Nine rooms from one address in a minute: above the shipped per-client limits.
        let mut config = config();
        config.max_rooms_per_client = 16;
        config.room_creations_per_min = 60.0;
        let server = TestServer::start(config).await?;
        let browser = Browser::launch((1366, 768)).await?;
        // A long nickname: names must wrap or fit, never be cut.
        open_lobby(&browser, &server, "司马懿的忠实粉丝Sima").await?;
        let mut problems = Vec::new();
        for seats in 2..=10u8 {
            browser.resize((1366, 768)).await?;
            start_with_bots(&browser, seats).await?;
            let bounds = Bounds {
                pause_after: Some(3),
                ..Bounds::default()
            };
            play_by_clicking(&browser, &bounds).await?;
            for lang in ["zh", "en"] {
                let now = browser
                    .js("return document.documentElement.lang;", vec![])
                    .await?;
                if !now.as_str().unwrap_or_default().starts_with(lang) {
                    browser.click("[data-action=lang]").await?;
                }
                for (size_name, size) in SIZES {
                    browser.resize(size).await?;
                    // Two frames: the page redraws on the next animation frame.
                    browser
                        .js("await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));", vec![])
                        .await?;
                    let found = browser.js(MEASURE, vec![]).await?;
                    for problem in found.as_array().cloned().unwrap_or_default() {
                        problems.push(format!(
                            "{seats} seats, {size_name}, {lang}: {}",
                            problem.as_str().unwrap_or_default()
                        ));
                    }
                    if seats == 8 || seats == 10 {
                        let suffix = if lang == "zh" { "" } else { "-en" };
                        browser
                            .screenshot(&format!("table-{seats}-seats-{size_name}{suffix}"))
                            .await?;
                    }
                }
            }
            // The next table from a fresh session (this one stays seated in its game).
            browser.resize((1366, 768)).await?;
            browser
                .js("localStorage.removeItem('sgs.token');", vec![])
                .await?;
            open_lobby(&browser, &server, "司马懿的忠实粉丝Sima").await?;
        }
        browser.assert_no_errors().await?;
        browser.close().await?;
        server.stop().await;
        if problems.is_empty() {
            Ok(())
        } else {
            fail(format!(
                "{} layout problems:\n{}",
                problems.len(),
                problems.join("\n")
            ))
        }
    });
}
