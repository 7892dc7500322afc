// log.js — readable sentences: the game log (刘备 对 张飞 使用了【杀】), seat names, and the title
// of each kind of prompt.

import { cardLabel, generalName, kindLabel, kindName, skillName, suitSymbol } from './catalog.js';
import { lang, t } from './i18n.js';
import { store } from './state.js';

/** The name a seat goes by: its general (with the seat number when generals repeat). */
export function seatName(seat) {
  const view = store.view;
  const s = view?.seats[seat];
  if (!s) return t('seat_n', { n: seat + 1 });
  const general = s.general && s.general !== 'white' ? generalName(s.general) : null;
  const twins = general && view.seats.filter((o) => o.general === s.general).length > 1;
  if (!general || twins) {
    const occupant = store.room?.seats[seat]?.occupant;
    const who = occupant?.kind === 'player' ? occupant.name : t('seat_n', { n: seat + 1 });
    return general ? `${general}(${who})` : who;
  }
  return general;
}

const names = (seats) => seats.map(seatName).join(t('l_and'));
const cardsText = (ids) => ids.map(cardLabel).join(lang === 'zh' ? '' : ', ');

/** A used or played card: ♠5【杀】, or 【杀】（武圣: ♥7【闪】） for a converted one. */
function usedText(card) {
  if (!card.skill && card.cards.length === 1) return cardLabel(card.cards[0]);
  let text = kindLabel(card.kind, card.nature);
  if (card.skill) {
    const paid = card.cards.length ? `: ${cardsText(card.cards)}` : '';
    text += t('l_as', { skill: `${skillName(card.skill)}${paid}` });
  }
  return text;
}

/** The cause of a prompt or a judgment, in words. */
export function causeText(cause) {
  if (!cause) return '';
  switch (cause.by) {
    case 'card': return kindLabel(cause.id);
    case 'skill': return lang === 'zh' ? `【${skillName(cause.id)}】` : `[${skillName(cause.id)}]`;
    case 'phase': return t(`phase_${cause.id}`);
    case 'dying': return t('cause_dying', { name: seatName(cause.id) });
    case 'death': return t('cause_death', { name: seatName(cause.id) });
    case 'reincarnated': return t('l_reincarnated', { name: seatName(e.seat), general: generalName(e.general), hp: e.hp });
    case 'bid': return t('cause_bid');
    case 'order': return t('cause_order');
    default: return String(cause.by);
  }
}

function zoneOwner(zone) {
  if (!zone || zone.seat === undefined) return null;
  // A pile on a general (不屈, 七星) names its owner and its skill.
  return zone.zone === 'pile' ? zone.seat.owner : zone.seat;
}

/** The sentence for one move of cards, or null when it is not worth a line. */
function movedText(e) {
  const to = e.to;
  const from = e.from[0];
  const known = e.cards.every((c) => c !== null);
  const n = e.cards.length;
  if (to.zone === 'hand' && from?.zone === 'draw_pile') {
    return t('l_draw', { name: seatName(to.seat), n });
  }
  if (to.zone === 'hand') {
    const owner = zoneOwner(from);
    if (owner !== null && owner !== to.seat) {
      return known
        ? t('l_gain', { name: seatName(to.seat), from: seatName(owner), cards: cardsText(e.cards) })
        : t('l_gain_n', { name: seatName(to.seat), from: seatName(owner), n });
    }
    if (from?.zone === 'processing' || from?.zone === 'discard_pile') {
      return known ? t('l_gain_pile', { name: seatName(to.seat), cards: cardsText(e.cards) }) : null;
    }
    return null;
  }
  if (to.zone === 'discard_pile') {
    const owner = zoneOwner(from);
    if (owner === null) return null;
    return known
      ? t('l_discard', { name: seatName(owner), cards: cardsText(e.cards) })
      : t('l_discard_n', { name: seatName(owner), n });
  }
  return null;
}

const SIDES = {
  lord: 'winner_lord', rebels: 'winner_rebels', renegade: 'winner_renegade',
  landlord: 'winner_landlord', farmers: 'winner_farmers', loyalists: 'winner_loyalists',
  first: 'winner_first', second: 'winner_second', warm: 'winner_warm', cool: 'winner_cool',
  wei: 'winner_wei', shu: 'winner_shu', wu: 'winner_wu', qun: 'winner_qun', careerist: 'winner_careerist',
};

/** Camps a mode names its own way (2v2's teams carry the loyalists' and rebels' labels). */
const MODE_SIDES = { '2v2': { loyalists: 'winner_team_a', rebels: 'winner_team_b' } };

/** Roles a mode names its own way (斗地主 deals the lord's role to the 地主 landlord and the
 * rebels' to the 农民 farmers). */
const MODE_ROLES = {
  doudizhu: { lord: 'role_landlord', rebel: 'role_farmer' },
  '2v2': { loyalist: 'role_team_a', rebel: 'role_team_b' },
  '1v1': { loyalist: 'role_first', rebel: 'role_second' },
  '3v3': { lord: 'role_warm_marshal', loyalist: 'role_warm_vanguard', renegade: 'role_cool_marshal', rebel: 'role_cool_vanguard' },
};

/** A role's name as the room's mode calls it. */
export const roleText = (role, mode = store.room?.ruleset?.mode) => t(MODE_ROLES[mode]?.[role] ?? `role_${role}`);
export const sideText = (winner, mode = store.room?.ruleset?.mode) =>
  t(winner ? MODE_SIDES[mode]?.[winner] ?? SIDES[winner] ?? 'winner_none' : 'winner_none');

const isHegemony = () => store.room?.ruleset?.mode === 'hegemony';

/** 国战: a seat's faction as far as it is known — 野心家, its shown kingdom, or unrevealed. */
export function factionText(seat) {
  const s = store.view?.seats[seat];
  if (!s?.duo) return '';
  if (s.duo.careerist) return t('careerist');
  return s.duo.main_shown || s.duo.deputy_shown ? t(`kingdom_${s.kingdom}`) : t('faction_unknown');
}

/** The sentence for an event as this client saw it, or null for events not shown in the log. */
export function eventText(e) {
  switch (e.type) {
    case 'game_started':
      // Only identity names a lord at the deal (斗地主's landlord may yet be bid for).
      return (store.room?.ruleset?.mode ?? 'identity') === 'identity'
        ? t('l_game_started', { n: e.seats, lord: seatName(e.lord) })
        : t('l_game_started_plain', { n: e.seats });
    case 'generals_offered': return e.generals?.length ? t('l_partner_offered', { name: seatName(e.seat), generals: e.generals.map(generalName).join(lang === 'zh' ? '、' : ', ') }) : null;
    case 'draft_pool': return t('l_draft_pool', { generals: e.generals.map(generalName).join(lang === 'zh' ? '、' : ', ') });
    case 'general_picked': return e.general ? t('l_partner_picked', { name: seatName(e.seat), general: generalName(e.general) }) : null;
    case 'bid': return e.bid ? t('l_bid', { name: seatName(e.seat), n: e.bid }) : t('l_no_bid', { name: seatName(e.seat) });
    case 'role_dealt':
    case 'role_shown':
      // 国战 deals every seat the same label: no line.
      return isHegemony() ? null : t('l_role', { name: seatName(e.seat), role: roleText(e.role) });
    case 'general_shown':
      // 国战 seats face down (a white general standing for the hidden pair): no line.
      if (isHegemony() && e.general === 'white') return null;
      return t('l_general', { seat: t('seat_n', { n: e.seat + 1 }), general: generalName(e.general) });
    case 'kingdom_chosen': return t('l_kingdom_chosen', { name: seatName(e.seat), kingdom: t(`kingdom_${e.kingdom}`) });
    case 'turn_started': return t('l_turn', { name: seatName(e.seat) });
    case 'phase_skipped': return t('l_phase_skipped', { name: seatName(e.seat), phase: t(`phase_${e.phase}`) });
    case 'cards_moved': return movedText(e);
    case 'card_used':
      return e.targets.length && !(e.targets.length === 1 && e.targets[0] === e.seat)
        ? t('l_use', { name: seatName(e.seat), targets: names(e.targets), card: usedText(e.card) })
        : t('l_use_self', { name: seatName(e.seat), card: usedText(e.card) });
    case 'card_played': return t('l_play', { name: seatName(e.seat), card: usedText(e.card) });
    case 'skill_invoked':
      return e.targets?.length
        ? t('l_skill_targets', { name: seatName(e.seat), skill: skillName(e.skill), targets: names(e.targets) })
        : t('l_skill', { name: seatName(e.seat), skill: skillName(e.skill) });
    case 'suit_named':
      return t('l_suit_named', { name: seatName(e.seat), suit: `${suitSymbol(e.suit)}${t(`suit_${e.suit}`)}` });
    case 'effect_cancelled': return t('l_cancelled', { card: kindName(e.card), name: seatName(e.target) });
    case 'judged':
      return t('l_judged', { name: seatName(e.seat), cause: causeText(e.cause), card: cardLabel(e.card) });
    case 'damaged': {
      const params = { target: seatName(e.target), n: e.amount, nature: t(`nature_${e.nature}`), hp: e.hp };
      return e.source !== null && e.source !== undefined
        ? t('l_damaged', { ...params, source: seatName(e.source) })
        : t('l_damaged_nosrc', params);
    }
    case 'hp_lost': return t('l_hp_lost', { name: seatName(e.seat), n: e.amount, hp: e.hp });
    case 'recovered': return t('l_recovered', { name: seatName(e.seat), n: e.amount, hp: e.hp });
    case 'dying': return t('l_dying', { name: seatName(e.seat) });
    case 'died': {
      // 国战 names the faction the dead seat belonged to (its generals are shown at death).
      const duo = isHegemony() ? store.view?.seats[e.seat]?.duo : null;
      const role = duo ? factionText(e.seat) : roleText(e.role);
      const suffix = duo ? '_faction' : '';
      return e.killer !== null && e.killer !== undefined && e.killer !== e.seat
        ? t(`l_killed${suffix}`, { name: seatName(e.seat), killer: seatName(e.killer), role })
        : t(`l_died${suffix}`, { name: seatName(e.seat), role });
    }
    case 'deck_reshuffled': return t('l_reshuffled', { n: e.count });
    case 'game_over': return t('l_over', { side: sideText(e.outcome.winner) });
    case 'action_limit_reached': return t('l_action_limit', { n: e.limit });
    case 'card_recast': return t('l_recast', { name: seatName(e.seat), card: cardLabel(e.card) });
    case 'general_seen': {
      const part = t(e.deputy ? 'zhiji_deputy' : 'zhiji_main');
      return e.general
        ? t('l_general_seen_named', { name: seatName(e.seat), target: seatName(e.target), part, general: generalName(e.general) })
        : t('l_general_seen', { name: seatName(e.seat), target: seatName(e.target), part });
    }
    case 'cards_shown':
      return t('l_shown', { name: seatName(e.seat), cards: e.cards.map((c) => (c === null ? t('face_down') : cardLabel(c))).join(' ') });
    case 'chain_changed': return t(e.chained ? 'l_chained' : 'l_unchained', { name: seatName(e.seat) });
    case 'generals_chosen':
      // 国战: my own pair is named to me; the others only chose.
      return e.main !== undefined && e.deputy !== undefined
        ? t('l_my_generals', { main: generalName(e.main), deputy: generalName(e.deputy) })
        : t('l_generals_chosen', { name: seatName(e.seat) });
    case 'general_revealed': {
      const line = t('l_revealed', { name: t('seat_n', { n: e.seat + 1 }), slot: t(e.deputy ? 'duo_deputy' : 'duo_main'), general: generalName(e.general) });
      return e.careerist ? `${line}${t('l_and')}${t('l_careerist', { name: seatName(e.seat) })}` : line;
    }
    case 'general_skills_lost':
      return t('l_general_skills_lost', { name: seatName(e.seat), slot: t(e.deputy ? 'duo_deputy' : 'duo_main') });
    case 'general_hidden':
      return e.general
        ? t('l_general_hidden_named', { name: seatName(e.seat), slot: t(e.deputy ? 'duo_deputy' : 'duo_main'), general: generalName(e.general) })
        : t('l_general_hidden', { name: seatName(e.seat), slot: t(e.deputy ? 'duo_deputy' : 'duo_main') });
    case 'protection': return t(e.on ? 'l_protected' : 'l_unprotected', { name: seatName(e.seat) });
    default: return null;
  }
}

/** The title of a prompt (what is being asked), from its kind. */
export function promptTitle(p) {
  switch (p.kind) {
    case 'play': return t('p_play');
    case 'respond': {
      const verb = t('verb_use_or_play');
      const base = p.cause
        ? t('p_respond_cause', { cause: causeText(p.cause), verb, card: kindName(p.card) })
        : t('p_respond', { verb, card: kindName(p.card) });
      return p.remaining > 1 ? `${base} (${t('remaining', { n: p.remaining })})` : base;
    }
    case 'save': return t('p_save', { name: seatName(p.dying) });
    case 'nullify':
      if (p.countering) return t('p_nullify_counter');
      return p.target !== undefined && p.target !== null
        ? t('p_nullify', { trick: kindName(p.trick), target: seatName(p.target) })
        : t('p_nullify_none', { trick: kindName(p.trick) });
    case 'discard': return t('p_discard', { n: p.count });
    case 'pick_card': return t('p_pick', { cause: causeText(p.cause), name: seatName(p.owner) });
    case 'choose': return t('p_choose', { cause: causeText(p.cause) });
    case 'confirm': return t('p_confirm', { skill: skillName(p.skill) });
    case 'pool': return t('p_pool');
    case 'arrange': return t('p_arrange');
    case 'choose_suit': return t('p_choose_suit', { cause: causeText(p.cause) });
    case 'order_skills': return t('p_order_skills');
    case 'choose_general': return store.room?.ruleset?.mode === 'hegemony' ? t('p_choose_general_duo') : t('p_choose_general');
    case 'choose_kingdom': return t('p_choose_kingdom');
    case 'show': return t('p_show', { cause: causeText(p.cause) });
    default: return `${t('unknown_prompt')} (${p.kind})`;
  }
}

/** A short word for what a seat is being asked (shown on its seat). */
export function waitingText(kind) {
  switch (kind) {
    case 'play': return t('phase_play');
    case 'respond': case 'save': case 'nullify': return t('asked');
    default: return t('thinking');
  }
}
