// fold.js — keeps a game view (the engine's `View`, as JSON) current from the events of each
// update: the same fold as the engine's `View::apply_all` (crates/engine/src/view/fold.rs), event
// for event, and checked against the engine over whole games (tests/e2e/tests/fold.rs runs
// web/tests/fold-check.mjs under Node). Pure: no DOM, no store; the definitions it needs come in
// `rules` — `general(id)` → {kingdom, gender, skills} and `slot(kind)` → the equipment slot's
// index (or null) — from the catalog.

/** Folds one update's events, in order, into `view`. Returns false when one does not fit (the
 * view is stale: ask for a resync). A card used as a delayed trick and placed in a judgment area
 * come in one update: the placement counts it as what the use made it (国色). */
export function applyEvents(view, events, rules) {
  const batch = { used: null };
  let fits = true;
  for (const event of events) if (!fold(view, event, rules, batch)) fits = false;
  return fits;
}

/** Folds one event (a batch of one). */
export const applyEvent = (view, event, rules) => fold(view, event, rules, { used: null });

function fold(view, event, rules, batch) {
  const seat = (s) => view.seats[s];
  const s = event.seat !== undefined ? seat(event.seat) : null;
  switch (event.type) {
    case 'role_dealt':
    case 'role_shown':
      if (!s) return false;
      s.role = event.role;
      return true;
    case 'general_shown': {
      if (!s) return false;
      // The picks are shown: the selection is over.
      delete view.partner_offer;
      // A general brought out leaves the reserve that held it: the viewer's own (1v1), or its
      // marshal's picks (3v3); a white general (held twice by a 1v1 line-up without general
      // packs) only with the viewer's own.
      if (view.reserve && (event.seat === view.viewer || event.general !== 'white')) {
        const i = view.reserve.indexOf(event.general);
        if (i >= 0) view.reserve.splice(i, 1);
        if (!view.reserve.length) delete view.reserve;
      }
      const g = rules.general(event.general);
      // 1v1: the next general revives the seat, its state fresh.
      Object.assign(s, { general: event.general, hp: event.hp, max_hp: event.max_hp, alive: true });
      delete s.limited_used;
      delete s.awakened;
      if (g) Object.assign(s, { kingdom: g.kingdom, gender: g.gender, skills: [...g.skills] });
      return true;
    }
    case 'kingdom_chosen':
      // 神: the kingdom a god plays for (W-MECH-GOD-1).
      if (!s) return false;
      s.kingdom = event.kingdom;
      return true;
    case 'reincarnated': {
      // 转世: back at its seat with a new general, as new (V-ZS-4); the role stays known.
      if (!s) return false;
      const g = rules.general(event.general);
      Object.assign(s, { general: event.general, hp: event.hp, max_hp: event.max_hp, alive: true });
      if (g) Object.assign(s, { kingdom: g.kingdom, gender: g.gender, skills: [...g.skills] });
      delete s.turned;
      delete s.chained;
      delete s.limited_used;
      delete s.awakened;
      return true;
    }
    case 'generals_chosen':
      // 国战: two generals face down, named to their owner only.
      if (!s) return false;
      s.duo = {};
      if (event.main !== undefined) s.duo.main = event.main;
      if (event.deputy !== undefined) s.duo.deputy = event.deputy;
      return true;
    case 'general_revealed': {
      // 国战 明置: as the engine's `Game::reveal_general` — the seat shows its main general once it
      // is up, else its deputy; the general's skills join its own; a first reveal fixes the
      // faction (野心家 or not).
      if (!s || !s.duo) return false;
      const g = rules.general(event.general);
      const d = s.duo;
      if (!d.main_shown && !d.deputy_shown && event.careerist) d.careerist = true;
      if (event.deputy) Object.assign(d, { deputy: event.general, deputy_shown: true });
      else Object.assign(d, { main: event.general, main_shown: true });
      if (g) {
        if (!event.deputy || !d.main_shown) Object.assign(s, { general: event.general, gender: g.gender });
        s.kingdom = g.kingdom;
        s.skills = s.skills ?? [];
        // 断肠: a general whose skills were lost comes up without them.
        const lost = event.deputy ? d.deputy_lost : d.main_lost;
        if (!lost) for (const skill of g.skills) if (!s.skills.includes(skill)) s.skills.push(skill);
      }
      return true;
    }
    case 'general_skills_lost':
      // 断肠 (国战): a general's skills are lost for good, shown or hidden; its shown skills leave
      // by the skill_lost events after this one.
      if (!s || !s.duo) return false;
      if (event.deputy) s.duo.deputy_lost = true;
      else s.duo.main_lost = true;
      return true;
    case 'general_hidden': {
      // 倾城 (国战): a shown general face down again, named to its owner only; the seat shows its
      // other general; its skills leave by the skill_lost events after this one.
      if (!s || !s.duo) return false;
      const d = s.duo;
      const side = event.deputy ? 'deputy' : 'main';
      d[`${side}_shown`] = false;
      if (event.general !== undefined) d[side] = event.general;
      else delete d[side];
      const other = event.deputy ? d.main : d.deputy;
      const g = other !== undefined ? rules.general(other) : null;
      if (!g) return false;
      Object.assign(s, { general: other, gender: g.gender });
      return true;
    }
    case 'turn_started':
      view.current = event.seat;
      view.phase = null;
      view.turn_number += 1;
      return true;
    case 'phase_started':
    case 'phase_skipped':
      view.current = event.seat;
      view.phase = event.phase;
      return true;
    case 'turn_ended':
      view.phase = null;
      return true;
    case 'card_used':
    case 'card_played':
      batch.used = event.card;
      return true;
    case 'cards_moved':
      return moveCards(view, event, rules, batch);
    case 'damaged':
      if (!seat(event.target)) return false;
      seat(event.target).hp = event.hp;
      return true;
    case 'hp_lost':
    case 'recovered':
      if (!s) return false;
      s.hp = event.hp;
      return true;
    case 'died':
      if (!s) return false;
      Object.assign(s, { alive: false, role: event.role });
      return true;
    case 'deck_reshuffled':
      view.draw_pile += event.count;
      view.discard_pile = [];
      return true;
    case 'game_over':
      view.outcome = event.outcome;
      event.outcome.roles.forEach((role, i) => { if (seat(i)) seat(i).role = role; });
      return true;
    case 'mark_changed': {
      if (!s) return false;
      const marks = (s.marks ??= []);
      const i = marks.findIndex((m) => sameMark(m.id, event.mark));
      if (i >= 0 && event.count === 0) marks.splice(i, 1);
      else if (i >= 0) Object.assign(marks[i], { count: event.count, visibility: event.visibility });
      else if (event.count > 0) marks.push({ id: event.mark, count: event.count, visibility: event.visibility });
      return true;
    }
    case 'turned_over':
      if (!s) return false;
      s.turned = event.face_down;
      return true;
    case 'protection':
      // 暗魂 (V-AH): public; the seat shows it while it holds.
      if (!s) return false;
      if (event.on) s.protected = true;
      else delete s.protected;
      return true;
    case 'chain_changed':
      if (!s) return false;
      s.chained = event.chained;
      return true;
    case 'skill_gained':
      if (!s) return false;
      s.skills ??= [];
      if (!s.skills.includes(event.skill)) s.skills.push(event.skill);
      return true;
    case 'skill_lost':
      if (!s) return false;
      s.skills = (s.skills ?? []).filter((k) => k !== event.skill);
      return true;
    case 'limited_skill_used':
      if (!s) return false;
      (s.limited_used ??= []).push(event.skill);
      return true;
    case 'awakened':
      if (!s) return false;
      (s.awakened ??= []).push(event.skill);
      return true;
    case 'pile_started': {
      if (!s) return false;
      const pile = { skill: event.skill, visibility: event.visibility, count: 0 };
      if (event.visibility === 'public' || view.viewer === event.seat) pile.cards = [];
      (s.piles ??= []).push(pile);
      return true;
    }
    // A partner's offer and pick (2v2): only the partner is told them.
    case 'generals_offered':
      view.partner_offer = { seat: event.seat, generals: [...event.generals] };
      return true;
    case 'draft_pool':
      view.draft = [...event.generals];
      return true;
    case 'general_picked':
      // A draft pick (1v1): out of the pool, into the picker's reserve.
      if ((event.to?.to ?? event.to) === 'all' && view.draft) {
        view.draft = view.draft.filter((g) => g !== event.general);
        if (!view.draft.length) delete view.draft;
      }
      if (event.seat === view.viewer && !view.partner_offer) (view.reserve ??= []).push(event.general);
      if (view.partner_offer?.seat === event.seat) view.partner_offer.picked = event.general;
      return true;
    default:
      // game_started, skill_invoked, suit_named, effect_cancelled, judged, dying, cards_shown,
      // pindian, bid, general_seen (知己知彼): nothing on the table changes.
      return true;
  }
}

/** Marks are named `{skill: …}` or `{card: …}`. */
const sameMark = (a, b) => a.skill === b.skill && a.card === b.card;

function without(list, id) {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

function pileOf(view, zone) {
  const s = view.seats[zone.seat.owner];
  return s?.piles?.find((p) => p.skill === zone.seat.skill) ?? null;
}

function moveCards(view, event, rules, batch) {
  if (event.cards.length !== event.from.length) return false;
  let fits = true;
  event.cards.forEach((card, i) => {
    const taken = take(view, event.from[i], card);
    if (taken === false) { fits = false; return; }
    let kind = taken;
    if (kind === null && card !== null && batch.used?.cards.includes(card)) kind = batch.used.kind;
    if (!put(view, event.to, card, kind, rules)) fits = false;
  });
  return fits;
}

/** Takes `card` out of `zone`: false when it is not there, else the kind it counted as in a
 * judgment area (null for any other zone). */
function take(view, zone, card) {
  const s = typeof zone.seat === 'number' ? view.seats[zone.seat] : null;
  const remove = (list) => card === null || without(list, card);
  switch (zone.zone) {
    case 'draw_pile':
      view.draw_pile = Math.max(0, view.draw_pile - 1);
      return null;
    case 'discard_pile':
      return remove(view.discard_pile) ? null : false;
    case 'processing':
      return remove(view.processing) ? null : false;
    case 'hand':
      if (!s) return false;
      s.hand_count = Math.max(0, s.hand_count - 1);
      if (s.hand && !remove(s.hand)) return false;
      return null;
    case 'equip':
      return s && remove(s.equip) ? null : false;
    case 'judge': {
      if (!s || card === null) return false;
      const i = s.judge.findIndex(([id]) => id === card);
      if (i < 0) return false;
      return s.judge.splice(i, 1)[0][1];
    }
    case 'pile': {
      const pile = pileOf(view, zone);
      if (!pile) return false;
      pile.count = Math.max(0, pile.count - 1);
      if (pile.cards && !remove(pile.cards)) return false;
      return null;
    }
    default:
      return null;
  }
}

/** Puts `card` into `zone`; `kind` is what it counts as if it goes into a judgment area. */
function put(view, zone, card, kind, rules) {
  const s = typeof zone.seat === 'number' ? view.seats[zone.seat] : null;
  const face = (id) => view.deck?.[id] ?? null;
  switch (zone.zone) {
    case 'draw_pile':
      view.draw_pile += 1;
      return true;
    case 'discard_pile':
      if (card !== null) view.discard_pile.push(card);
      return true;
    case 'processing':
      if (card !== null) view.processing.push(card);
      return true;
    case 'hand':
      if (!s) return false;
      s.hand_count += 1;
      if (s.hand && card !== null) s.hand.push(card);
      return true;
    case 'equip': {
      if (!s || card === null) return false;
      // In slot order, as the engine lists equipment (a stable sort: slotless cards first).
      const slot = (id) => { const f = face(id); const n = f ? rules.slot(f.kind) : null; return n ?? -1; };
      s.equip.push(card);
      s.equip = s.equip.map((id, i) => [slot(id), i, id]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
      return true;
    }
    case 'judge': {
      if (!s || card === null) return false;
      const counted = kind ?? face(card)?.kind;
      if (!counted) return false;
      s.judge.push([card, counted]);
      return true;
    }
    case 'pile': {
      const pile = pileOf(view, zone);
      if (!pile) return false;
      pile.count += 1;
      if (pile.cards && card !== null) pile.cards.push(card);
      return true;
    }
    default:
      return true;
  }
}
