// prompt.js — turns my pending prompt's legal answers (`Prompt.choices`) into what I may click,
// and my clicks back into exactly one of those answers. It knows no rules: a card or seat is
// clickable only because some listed legal action contains it.
//
// Choices `actions`: actions naming cards, a skill or seats (`card`, `skill`, `cards`, `seats`)
// are built by clicking (skill → cards → targets → confirm); the others (`pick`, `option`,
// `arrange`, unknown types) are offered as they are; `pass` is the pass/cancel button.
// Choices `cards`: choose min..max of the listed cards. Choices `arrange`: 观星.

/** The current selection, for one prompt id. */
let sel = fresh(null);

function fresh(id) {
  return { id, skill: null, cards: [], targets: [], arrange: null };
}

/** The selection for prompt `id` (a new prompt starts an empty one). */
export function selection(id) {
  if (sel.id !== id) sel = fresh(id);
  return sel;
}

/** Clears the selection (keeps the prompt). */
export function clearSelection() { sel = fresh(sel.id); }

/** What an action asks to be clicked: its skill, cards and target seats; null = offered as is. */
export function shapeOf(action) {
  switch (action.type) {
    case 'card': return { action, skill: action.skill ?? null, cards: action.cards ?? [], targets: action.targets ?? [] };
    case 'skill': return { action, skill: action.skill, cards: action.cards ?? [], targets: action.targets ?? [] };
    case 'cards': return { action, skill: null, cards: action.cards ?? [], targets: [] };
    case 'seats': return { action, skill: null, cards: [], targets: action.seats ?? [] };
    default: return null;
  }
}

const subset = (small, big) => small.every((x) => big.includes(x));
const sameOrder = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Everything the table needs to draw my prompt: which cards and seats are clickable, which are
 * chosen, the skill buttons, the answer the confirm button would send, the pass action, and
 * the actions offered as they are (`direct`).
 */
/** A window (a call for 闪, 桃 or 无懈可击) where passing is all I can do. The server passes
 * for me at a time drawn from my own think times (decision 0006), so nobody can tell from
 * when it comes whether I held an answer: the page need not ask me at all. */
export function onlyPassWindow(prompt) {
  if (!['respond', 'save', 'nullify'].includes(prompt.kind)) return false;
  const c = prompt.choices;
  if (c.type === 'actions') return c.actions.every((a) => a.type === 'pass');
  if (c.type === 'cards') return c.from.length === 0 && c.min > 0;
  return false;
}

export function analyze(pending) {
  const prompt = pending.prompt;
  const s = selection(pending.prompt_id);
  const model = {
    id: pending.prompt_id,
    prompt,
    kind: prompt.kind,
    mode: prompt.choices.type,
    skill: s.skill,
    selectedCards: s.cards,
    selectedTargets: s.targets,
    cards: new Set(), // clickable, not chosen
    seats: new Set(),
    skills: [], // {skill, direct: action|null}
    direct: [], // actions offered as they are
    pass: null,
    answer: null,
    shapeCards: new Set(), // every card any buildable answer names
    arrange: null,
    recasts: [], // 重铸 actions: offered as a button once their card is chosen
    recast: null, // the recast of the chosen card, if any
  };
  const choices = prompt.choices;
  if (choices.type === 'cards') {
    for (const c of choices.from) model.shapeCards.add(c);
    if (s.cards.length < choices.max) {
      for (const c of choices.from) if (!s.cards.includes(c)) model.cards.add(c);
    }
    if (s.cards.length >= choices.min && s.cards.length <= choices.max && (s.cards.length > 0 || !choices.can_pass)) {
      model.answer = { type: 'cards', cards: [...s.cards] };
    }
    if (choices.can_pass) model.pass = { type: 'pass' };
    model.min = choices.min;
    model.max = choices.max;
    return model;
  }
  if (choices.type === 'arrange') {
    if (!s.arrange) s.arrange = { top: [...choices.cards], bottom: [] };
    model.arrange = s.arrange;
    model.answer = { type: 'arrange', top: [...s.arrange.top], bottom: [...s.arrange.bottom] };
    return model;
  }
  const actions = choices.type === 'actions' ? choices.actions : [];
  const shapes = [];
  for (const action of actions) {
    if (action.type === 'pass') { model.pass = action; continue; }
    if (action.type === 'recast') { model.recasts.push(action); model.shapeCards.add(action.card); continue; }
    const shape = shapeOf(action);
    if (shape) shapes.push(shape); else model.direct.push(action);
  }
  for (const shape of shapes) for (const c of shape.cards) model.shapeCards.add(c);
  const skills = [...new Set(shapes.map((x) => x.skill).filter((x) => x !== null))];
  model.skills = skills.map((skill) => {
    const own = shapes.filter((x) => x.skill === skill);
    const direct = own.length === 1 && own[0].cards.length === 0 && own[0].targets.length === 0;
    return { skill, direct: direct ? own[0].action : null };
  });
  // When every buildable answer is the same skill's (突袭's targets, 遗计's gifts), that skill
  // is chosen already.
  if (s.skill === null && skills.length === 1 && shapes.every((x) => x.skill === skills[0])) {
    s.skill = skills[0];
    model.skill = s.skill;
    model.implied = true;
  }
  const candidates = shapes.filter((x) => (s.skill === null || x.skill === s.skill)
    && subset(s.cards, x.cards) && subset(s.targets, x.targets));
  for (const x of candidates) for (const c of x.cards) if (!s.cards.includes(c)) model.cards.add(c);
  // Targets are chosen once the cards are: skill-only answers need their skill button first.
  const complete = candidates.filter((x) => x.cards.length === s.cards.length
    && (s.skill !== null || s.cards.length > 0 || x.skill === null));
  for (const x of complete) for (const seat of x.targets) if (!s.targets.includes(seat)) model.seats.add(seat);
  for (const r of model.recasts) {
    if (s.cards.length === 0 && s.skill === null) model.cards.add(r.card);
    if (s.skill === null && s.cards.length === 1 && s.cards[0] === r.card && s.targets.length === 0) model.recast = r;
  }
  const exact = complete.filter((x) => x.targets.length === s.targets.length);
  if (exact.length) {
    const best = exact.find((x) => x.skill === null && sameOrder(x.targets, s.targets))
      ?? exact.find((x) => x.skill === null)
      ?? exact.find((x) => sameOrder(x.targets, s.targets))
      ?? exact[0];
    model.answer = best.action;
  }
  return model;
}

/**
 * What the player is to do next with `model`, for the line under the prompt's title:
 * `{step, card?, skill?, n?}` — `cards` (choose n more cards, for `card`'s use or the prompt's
 * count), `target` (choose a target for the chosen card or skill), `more_targets` (another
 * target may be added, or confirm), `confirm` (the answer is ready), or null (nothing chosen
 * yet, or nothing to build: the title says it).
 */
export function nextStep(model) {
  const card = model.selectedCards.length === 1 ? model.selectedCards[0] : null;
  const what = { card: model.answer?.skill ? null : card, skill: model.skill ?? model.answer?.skill ?? null };
  if (model.mode === 'cards') {
    const chosen = model.selectedCards.length;
    if (chosen < model.min) return { step: 'cards', n: model.min - chosen, chosen };
    if (model.answer && chosen > 0) return { step: 'confirm', chosen };
    return null;
  }
  if (model.mode !== 'actions') return null;
  const started = model.selectedCards.length > 0 || (model.skill !== null && !model.implied)
    || model.selectedTargets.length > 0;
  if (model.answer) {
    if (!started && !model.implied) return null;
    return model.seats.size > 0 ? { step: 'more_targets', ...what } : { step: 'confirm', ...what };
  }
  if (!started && !model.implied) return null;
  if (model.seats.size > 0) return { step: 'target', ...what };
  if (model.cards.size > 0) return { step: 'cards', n: 1, ...what };
  return null;
}

/** Clicks a card: choose it, or un-choose it (which also clears the chosen targets). */
export function toggleCard(model, id) {
  const s = selection(model.id);
  if (s.cards.includes(id)) {
    s.cards = s.cards.filter((c) => c !== id);
    s.targets = [];
    return true;
  }
  if (!model.cards.has(id)) {
    // A single-card choice: clicking another card replaces the one chosen.
    if (model.mode === 'cards' && model.max === 1 && model.shapeCards.has(id)) {
      s.cards = [id];
      return true;
    }
    return false;
  }
  s.cards = [...s.cards, id];
  return true;
}

/** Clicks a seat: choose it as the next target, or un-choose it. */
export function toggleSeat(model, seat) {
  const s = selection(model.id);
  if (s.targets.includes(seat)) {
    s.targets = s.targets.filter((x) => x !== seat);
    return true;
  }
  if (!model.seats.has(seat)) return false;
  s.targets = [...s.targets, seat];
  return true;
}

/** Clicks a skill button: enter (or leave) that skill's mode. */
export function toggleSkill(model, skill) {
  const s = selection(model.id);
  const next = s.skill === skill ? null : skill;
  sel = { ...fresh(model.id), skill: next };
  return true;
}

/** 观星: moves card `id` to the other pile (at its end). */
export function arrangeMove(model, id) {
  const a = selection(model.id).arrange;
  if (!a) return;
  if (a.top.includes(id)) { a.top = a.top.filter((c) => c !== id); a.bottom.push(id); } else { a.bottom = a.bottom.filter((c) => c !== id); a.top.push(id); }
}

/** 观星: moves card `id` one place up (-1) or down (+1) within its pile. */
export function arrangeShift(model, id, delta) {
  const a = selection(model.id).arrange;
  if (!a) return;
  const list = a.top.includes(id) ? a.top : a.bottom;
  const i = list.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= list.length) return;
  [list[i], list[j]] = [list[j], list[i]];
}
