//! The prompt builder turns legal actions into clicks.

use crate::support::*;

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

  // The line under the title says what is needed next (issue 14).
  p = pending(20, 'play', { type: 'actions', actions: [slash, ws1, ws2, peach, { type: 'pass' }] });
  m = P.analyze(p);
  check('next: nothing chosen', P.nextStep(m), null);
  P.toggleCard(m, 1); m = P.analyze(p);
  check('next: a target for 杀', P.nextStep(m), { step: 'target', card: 1, skill: null });
  P.toggleSeat(m, 1); m = P.analyze(p);
  check('next: confirm 杀', P.nextStep(m), { step: 'confirm', card: 1, skill: null });
  P.clearSelection(); m = P.analyze(p);
  P.toggleSkill(m, 'wusheng'); m = P.analyze(p);
  check('next: a card for 武圣', P.nextStep(m), { step: 'cards', n: 1, card: null, skill: 'wusheng' });
  P.clearSelection(); m = P.analyze(p);
  p = pending(21, 'discard', { type: 'cards', from: [1, 2, 3, 4], min: 2, max: 2, can_pass: false });
  m = P.analyze(p);
  check('next: discard 2', P.nextStep(m), { step: 'cards', n: 2, chosen: 0 });
  P.toggleCard(m, 3); m = P.analyze(p);
  check('next: discard 1 more', P.nextStep(m), { step: 'cards', n: 1, chosen: 1 });
  P.toggleCard(m, 4); m = P.analyze(p);
  check('next: confirm the discard', P.nextStep(m), { step: 'confirm', chosen: 2 });
  const duel1 = { type: 'card', cards: [7], targets: [1] };
  const duel12 = { type: 'card', cards: [7], targets: [1, 2] };
  p = pending(22, 'play', { type: 'actions', actions: [duel1, duel12, { type: 'pass' }] });
  m = P.analyze(p);
  P.toggleCard(m, 7); P.toggleSeat(P.analyze(p), 1); m = P.analyze(p);
  check('next: another target or confirm', P.nextStep(m), { step: 'more_targets', card: 7, skill: null });
  P.clearSelection();
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
