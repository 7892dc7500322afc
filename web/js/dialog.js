// dialog.js — the modal dialog for prompts answered by picking from a list rather than by
// building an answer: choose a card from a seat's areas (hand cards face down), the 五谷丰登
// pool, numbered options, 观星's arrangement, and — for any action type this client does not
// know — one button per legal action, so no prompt can ever leave a player stuck.

import { h, fill } from './dom.js';
import { generalInfo, generalName, skillName, suitSymbol } from './catalog.js';
import { t } from './i18n.js';
import { promptTitle, seatName } from './log.js';
import { mySeat, store } from './state.js';
import { backEl, button, cardEl } from './ui.js';
import { countdown } from './table.js';
import { magatama, portrait } from './art.js';

/** What a clickable card or general in a dialog needs to be reached and pressed by keyboard
 * (Tab, then Enter or Space: keys.js). */
const FOCUSABLE = { tabindex: 0, role: 'button' };

/** Suits in the order of `choose_suit` options (the engine's `Suit::ALL`). */
const SUIT_ORDER = ['spade', 'heart', 'club', 'diamond'];

/** Kingdoms in the order of `choose_kingdom` options (the engine's `Kingdom::CHOOSABLE`). */
const KINGDOM_ORDER = ['wei', 'shu', 'wu', 'qun'];

/** The options of 斗地主's legacy (挑选遗产), a choice caused by a farmer's death. */
const LEGACY = ['legacy_draw_two', 'legacy_recover'];

/** 3v3's order answers: who of the camp acts next, or which camp goes first. */
const ORDER = ['order_marshal', 'order_left_first', 'order_right_first', 'order_warm_first', 'order_cool_first'];

/** The direction of a card that targets everyone (3v3): from the next seat, or the previous. */
const DIRECTION = ['direction_next', 'direction_previous'];

/** The options a card's own choice offers, by card kind: 水淹七军's target, 过河拆桥's user
 * under the 2013 1v1 texts (the equipment area or the hand), 3v3's direction, 知己知彼's user (the
 * hand or a hidden general) and 无懈可击·国's (this target or its whole faction). */
const CARD_OPTIONS = {
  drowning: ['drowning_discard_equipment', 'drowning_take_damage'],
  dismantlement: ['area_equipment', 'area_hand'],
  // 3v3 (M-3V3-8): which way round a card that targets everyone goes.
  savage_assault: DIRECTION,
  archery_attack: DIRECTION,
  god_salvation: DIRECTION,
  amazing_grace: DIRECTION,
  known_both: ['zhiji_hand', 'zhiji_main', 'zhiji_deputy'],
  heg_nullification: ['guowuxie_single', 'guowuxie_whole'],
};

/** The options of a skill's own choice, by skill: 国战's 明置 (reveal, then the rewards), 预亮
 * (which face-down generals pre-show their trigger skills), 断肠 and 倾城. */
const SKILL_OPTIONS = {
  mingzhi: ['reveal_main', 'reveal_deputy', 'reveal_both', 'companions_recover', 'companions_draw_two', 'half_draw_one'],
  yuliang: ['preshow_none', 'preshow_main', 'preshow_deputy', 'preshow_both'],
  // 断肠 and 倾城 name another seat's main general or deputy.
  duanchang: ['duanchang_lose_main', 'duanchang_lose_deputy'],
  qingcheng: ['qingcheng_hide_main_general', 'qingcheng_hide_deputy_general'],
};

/** A readable label for an action of a kind the dialog does not draw specially. */
function actionLabel(action, prompt) {
  const kind = prompt.kind;
  if (action.type === 'option' && kind === 'choose' && prompt.cause?.by === 'death' && LEGACY[action.index]) {
    return t(LEGACY[action.index]);
  }
  const cardOption = prompt.cause?.by === 'card' && CARD_OPTIONS[prompt.cause.id]?.[action.index];
  if (action.type === 'option' && kind === 'choose' && cardOption) return t(cardOption);
  const skillOption = prompt.cause?.by === 'skill' && SKILL_OPTIONS[prompt.cause.id]?.[action.index];
  if (action.type === 'option' && kind === 'choose' && skillOption) {
    // 明置 and 预亮 name the general they concern (the seat's own, known to it).
    const duo = store.view?.seats[mySeat()]?.duo;
    const general = skillOption.endsWith('_main') ? duo?.main : skillOption.endsWith('_deputy') ? duo?.deputy : null;
    return t(skillOption, { general: general ? generalName(general) : '' });
  }
  // 国战: a face-down general's skill fires only if its general is revealed first.
  if (action.type === 'skill' && prompt.cause?.by === 'skill' && prompt.cause.id === 'mingzhi') {
    return t('reveal_to_use', { skill: skillName(action.skill) });
  }
  if (action.type === 'option' && kind === 'choose' && prompt.cause?.by === 'bid') return t('bid_n', { n: action.index });
  if (action.type === 'option' && kind === 'choose' && prompt.cause?.by === 'order' && ORDER[action.index]) {
    return t(ORDER[action.index]);
  }
  if (action.type === 'option' && kind === 'choose_suit' && SUIT_ORDER[action.index]) {
    const suit = SUIT_ORDER[action.index];
    return `${suitSymbol(suit)} ${t(`suit_${suit}`)}`;
  }
  if (action.type === 'option' && kind === 'choose_kingdom' && KINGDOM_ORDER[action.index]) {
    return t(`kingdom_${KINGDOM_ORDER[action.index]}`);
  }
  if (action.type === 'option') return t('option_n', { n: action.index + 1 });
  const rest = Object.entries(action).filter(([k]) => k !== 'type').map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return rest.length ? `${action.type} (${rest.join(', ')})` : action.type;
}

/** Cards of `owner` the picks name, grouped by area; hand cards by position, face down. */
function pickGroups(picks, owner, handlers) {
  const seat = owner !== null && owner !== undefined ? store.view?.seats[owner] : null;
  const groups = { hand: [], equip: [], judge: [], other: [] };
  for (const action of picks) {
    const pick = action.pick;
    const onclick = () => handlers.act(action);
    const data = { action: 'pick', testid: 'pick' };
    if (pick.from === 'hand') {
      groups.hand.push(backEl(`${t('hand')} ${pick.index + 1}`, { data: { ...data, index: pick.index }, onclick, class: 'selectable small', ...FOCUSABLE }));
    } else {
      const el = cardEl(pick.card, { data, onclick, ...FOCUSABLE }, '.selectable.small');
      if (seat?.equip.includes(pick.card)) groups.equip.push(el);
      else if (seat?.judge.some(([id]) => id === pick.card)) groups.judge.push(el);
      else groups.other.push(el);
    }
  }
  const section = (key, label, items) => (items.length
    ? h('div.pick-group', { data: { group: key } }, h('div.glabel', label), h('div.cards', items)) : null);
  return [
    section('hand', t('hand_cards'), groups.hand),
    section('equip', t('equip_area'), groups.equip),
    section('judge', t('judge_area'), groups.judge),
    section('other', t('other_cards'), groups.other),
  ];
}

/** The pool of 五谷丰登: every card still in it, the ones I may take clickable. */
function poolCards(kindCards, picks, handlers) {
  const byCard = new Map(picks.filter((a) => a.pick.from === 'card').map((a) => [a.pick.card, a]));
  return h('div.cards', kindCards.map((id) => {
    const action = byCard.get(id);
    return cardEl(id, action
      ? { data: { action: 'pick', testid: 'pick' }, onclick: () => handlers.act(action), ...FOCUSABLE }
      : {}, action ? '.selectable.small' : '.small.dim');
  }));
}

/** The generals offered in general selection: name, kingdom, HP and skills (hover for text). */
function generalCards(actions, handlers) {
  return h('div.generals', actions.map((action) => {
    const g = generalInfo(action.general);
    const kingdom = g?.kingdom ?? 'none';
    return h(`div.general-card.k-${kingdom}`, {
      data: { action: 'general', testid: 'pick-general', general: action.general, tip: `general:${action.general}` },
      onclick: () => handlers.act(action),
      ...FOCUSABLE,
    },
    h('div.seat-head', portrait(g, kingdom, 40), h(`span.kingdom.k-${kingdom}`, t(`kingdom_${kingdom}`)),
      h('span.gname', generalName(action.general)), g?.lord_candidate && (store.room?.ruleset?.mode ?? 'identity') === 'identity' ? h('span.role.r-lord', t('role_lord')) : null),
    g ? h('div.hp', Array.from({ length: g.max_hp }, () => magatama('full'))) : null,
    g ? h('div.skills', g.skills.map((id) => h('span.skill', skillName(id)))) : null);
  }));
}

/** 1v1 and 3v3: the face-up generals still to draft, and the viewer's own reserve. */
function draftEl() {
  const v = store.view;
  if (!v?.draft?.length && !v?.reserve?.length) return null;
  const row = (list, label, key) => list?.length ? h('div.partner-offer', { data: { testid: key } },
    h('div.glabel', t(label)),
    h('div.offer', list.map((g) => h('span.tag', { data: { general: g, tip: `general:${g}` } }, generalName(g))))) : null;
  return h('div.draft', row(v.draft, 'draft_pool', 'draft-pool'), row(v.reserve, 'reserve', 'reserve'));
}

/** 2v2: what the partner is offered, and what it picked (M-2V2-2). */
function partnerOfferEl() {
  const o = store.view?.partner_offer;
  if (!o) return null;
  return h('div.partner-offer', { data: { testid: 'partner-offer', seat: o.seat } },
    h('div.glabel', t('partner_offer', { name: seatName(o.seat) })),
    h('div.offer', o.generals.map((g) => h(`span.tag${o.picked === g ? '.picked' : ''}`,
      { data: { general: g, tip: `general:${g}`, picked: o.picked === g ? 'true' : null } }, generalName(g)))));
}

function arrangeEl(model, handlers) {
  const a = model.arrange;
  const row = (list, label, key) => h('div.arrange-row', { data: { testid: `arrange-${key}` } },
    h('div.glabel', label),
    h('div.cards', list.map((id) => h('div.arr-card',
      cardEl(id, { onclick: () => handlers.arrangeMove(id), ...FOCUSABLE }, '.small'),
      h('div.arr-tools',
        button('‹', 'arrange-up', () => handlers.arrangeShift(id, -1), { title: t('move_up') }),
        button('⇅', 'arrange-move', () => handlers.arrangeMove(id), { title: t('to_other'), data: { card: id } }),
        button('›', 'arrange-down', () => handlers.arrangeShift(id, 1), { title: t('move_down') }))))));
  return [row(a.top, t('top'), 'top'), row(a.bottom, t('bottom'), 'bottom')];
}

/** Shows (or hides) the dialog for `model` in `root`. */
export function renderDialog(root, model, handlers) {
  const needed = model && (model.mode === 'arrange' || model.direct.length > 0);
  if (!needed || store.outcome) { fill(root); root.hidden = true; return; }
  root.hidden = false;
  const answered = store.answered === model.id;
  const p = model.prompt;
  const body = [];
  if (model.mode === 'arrange') {
    body.push(arrangeEl(model, handlers));
  } else {
    const picks = model.direct.filter((a) => a.type === 'pick' && a.pick);
    const generals = model.direct.filter((a) => a.type === 'general' && a.general);
    const rest = model.direct.filter((a) => !picks.includes(a) && !generals.includes(a));
    if (generals.length) body.push(generalCards(generals, handlers), partnerOfferEl(), draftEl());
    if (picks.length) {
      body.push(p.kind === 'pool' ? poolCards(p.cards ?? [], picks, handlers) : pickGroups(picks, p.owner, handlers));
    }
    if (rest.length) {
      body.push(h('div.options', rest.map((action) => button(actionLabel(action, p),
        action.type === 'option' ? 'option' : 'direct', () => handlers.act(action),
        { data: { index: action.index } }))));
    }
  }
  const buttons = [];
  if (model.mode === 'arrange') buttons.push(button(t('confirm'), 'confirm', () => handlers.confirm(), { disabled: answered }, '.primary'));
  const passLabel = p.kind === 'confirm' ? t('no') : p.cause?.by === 'bid' ? t('no_bid') : t('pass');
  if (model.pass) buttons.push(button(passLabel, 'pass', () => handlers.act(model.pass), { disabled: answered }, '.warn'));
  const owner = p.owner !== undefined ? h('div.note', seatName(p.owner)) : null;
  fill(root, h('div.dialog', { data: { testid: 'dialog', kind: p.kind, answered: answered ? 'true' : null } },
    h('h3', promptTitle(p), ' ', countdown(store.prompt)), owner, body, h('div.pbuttons', buttons)));
}
