//! The game-playing loop: my seat played by clicking any highlighted legal option until the
//! game-over screen shows.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::{fail, Browser, Result};

/// Decides the next click of a player who chooses any highlighted legal option and passes when
/// nothing fits. Returns `{done}` at the game-over screen, `{el, what}` to click, or `{wait}`.
const NEXT_CLICK: &str = r#"
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const all = (root, css) => [...root.querySelectorAll(css)].filter(el => el.getClientRects().length > 0);
if (document.querySelector('[data-testid=game-over]')) return { done: true };
const memo = (window.__e2e = window.__e2e || { prompt: null, clicks: 0 });
const dialog = document.querySelector('[data-testid=dialog]');
if (dialog && dialog.getClientRects().length) {
  if (dialog.dataset.answered === 'true') return { wait: 'answered' };
  const choices = all(dialog, '[data-action=pick], [data-action=option], [data-action=general], [data-action=direct]');
  if (choices.length) return { el: pick(choices), what: 'dialog choice' };
  if (dialog.dataset.kind === 'arrange') {
    const moves = all(dialog, '[data-action=arrange-move]');
    if (moves.length && Math.random() < 0.5) return { el: pick(moves), what: 'arrange move' };
  }
  const confirm = dialog.querySelector('[data-action=confirm]:not([disabled])');
  if (confirm) return { el: confirm, what: 'dialog confirm' };
  const pass = dialog.querySelector('[data-action=pass]:not([disabled])');
  if (pass) return { el: pass, what: 'dialog pass' };
  return { stuck: 'dialog with nothing to click' };
}
const bar = document.querySelector('[data-testid=prompt]');
if (!bar) return { wait: 'no prompt' };
if (bar.dataset.answered === 'true') return { wait: 'answered' };
const key = bar.dataset.promptId;
if (memo.prompt !== key) { memo.prompt = key; memo.clicks = 0; }
memo.clicks += 1;
const confirm = bar.querySelector('[data-action=confirm]:not([disabled])');
const pass = bar.querySelector('[data-action=pass]:not([disabled])');
const direct = all(bar, '[data-action=skill][data-direct]');
// 重铸: the recast button of a chosen 铁索连环, taken half the time.
const recast = bar.querySelector('[data-action=recast]:not([disabled])');
if (recast && Math.random() < 0.5) return { el: recast, what: 'recast' };
const seats = all(document, '[data-testid=seat][data-selectable]');
const cards = all(document, '[data-testid=hand-card][data-selectable], [data-testid=equip-card][data-selectable], [data-testid=extra-card][data-selectable]');
if (confirm && (Math.random() < 0.8 || (!seats.length && !cards.length))) return { el: confirm, what: 'confirm' };
if (seats.length) return { el: pick(seats), what: 'seat' };
if (memo.clicks < 12 && (cards.length || direct.length)) {
  if (direct.length && (!cards.length || Math.random() < 0.3)) return { el: pick(direct), what: 'skill' };
  // In the play phase, sometimes end the phase instead of playing on.
  if (!(bar.dataset.kind === 'play' && pass && Math.random() < 0.15)) return { el: pick(cards), what: 'card' };
}
if (pass) return { el: pass, what: 'pass' };
if (confirm) return { el: confirm, what: 'confirm' };
const clear = bar.querySelector('[data-action=clear]:not([disabled])');
if (clear) { memo.clicks = 0; return { el: clear, what: 'clear' }; }
if (cards.length) return { el: pick(cards), what: 'card' };
return { stuck: 'prompt with nothing to click' };
"#;

/// What [`play_by_clicking`] did.
#[derive(Debug, Default)]
pub struct Played {
    /// The game-over screen is showing.
    pub over: bool,
    pub clicks: usize,
    /// Clicks by kind ("card", "seat", "confirm", "pass", …).
    pub by_kind: std::collections::BTreeMap<String, usize>,
}

/// Bounds for [`play_by_clicking`].
#[derive(Clone, Debug)]
pub struct Bounds {
    /// Fail after this many clicks without a game over.
    pub max_clicks: usize,
    /// Fail after this long without a game over.
    pub limit: Duration,
    /// Return (without a game over) after this many clicks, to look at the game mid-way.
    pub pause_after: Option<usize>,
    /// Return as soon as this script returns something truthy.
    pub until: Option<&'static str>,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            max_clicks: 3_000,
            limit: Duration::from_secs(200),
            pause_after: None,
            until: None,
        }
    }
}

/// Plays my seat by clicking until the game-over screen shows (or `bounds` says to stop):
/// any highlighted legal option, passing when nothing fits.
pub async fn play_by_clicking(browser: &Browser, bounds: &Bounds) -> Result<Played> {
    let Bounds {
        max_clicks,
        limit,
        pause_after,
        until,
    } = bounds.clone();
    let started = Instant::now();
    let mut played = Played::default();
    let mut stuck_since: Option<Instant> = None;
    loop {
        if started.elapsed() > limit {
            let text = browser.page_text().await.unwrap_or_default();
            return fail(format!(
                "no game over after {limit:?} and {} clicks; the page shows:\n{text}",
                played.clicks
            ));
        }
        if let Some(script) = until {
            if !matches!(
                browser.js(script, vec![]).await?,
                Value::Null | Value::Bool(false)
            ) {
                return Ok(played);
            }
        }
        let next = browser.js(NEXT_CLICK, vec![]).await?;
        if next["done"].as_bool() == Some(true) {
            played.over = true;
            return Ok(played);
        }
        if let Some(reason) = next["stuck"].as_str() {
            let since = *stuck_since.get_or_insert_with(Instant::now);
            if since.elapsed() > Duration::from_secs(5) {
                let text = browser.page_text().await.unwrap_or_default();
                return fail(format!("stuck: {reason}; the page shows:\n{text}"));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        stuck_since = None;
        let Some(element) = browser.element(&next["el"]) else {
            tokio::time::sleep(Duration::from_millis(40)).await;
            continue;
        };
        if played.clicks >= max_clicks {
            return fail(format!("more than {max_clicks} clicks without a game over"));
        }
        let what = next["what"].as_str().unwrap_or("?").to_string();
        // The page may redraw between choosing and clicking: a stale element is skipped.
        if element.click().await.is_ok() {
            // Let the page draw what the click did (an answer marks its prompt answered on
            // the next frame) before `until` looks at it again.
            browser
                .js(
                    "await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));",
                    vec![],
                )
                .await?;
            played.clicks += 1;
            *played.by_kind.entry(what).or_default() += 1;
            if pause_after.is_some_and(|n| played.clicks >= n) {
                return Ok(played);
            }
        }
    }
}
