// table.js — the game table: seats around the table relative to me, the piles, my hand and
// equipment, the prompt bar, and the game-over screen. Draws from `store`; clicks go to the
// handlers main.js passes in.

import { h, fill } from './dom.js';
import { face, generalInfo, generalName, kindName, skillName } from './catalog.js';
import { has, lang, t } from './i18n.js';
import { factionText, promptTitle, roleText, seatName, sideText, waitingText } from './log.js';
import { analyze, nextStep, onlyPassWindow } from './prompt.js';
import { setSkipEmptyWindows, skipEmptyWindows } from './settings.js';
import { landedEffect, seatEffect } from './effects.js';
import { hpState, magatama, portrait } from './art.js';
import { mySeat, store } from './state.js';
import { backEl, button, cardEl, miniEl } from './ui.js';
import { seriesEl } from './series.js';

/** A countdown element; main.js ticks every `.countdown` from its deadline. */
export function countdown(clockLike) {
  const deadline = clockLike.at + clockLike.remaining_ms;
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  return h('span.countdown', { data: { deadline, testid: 'countdown' } }, t('seconds', { n: left }));
}

function hpEl(s) {
  const hearts = [];
  const max = Math.min(s.max_hp, 8);
  const state = hpState(s.hp, s.max_hp);
  for (let i = 0; i < max; i++) hearts.push(magatama(i < s.hp ? state : 'lost'));
  return h('div.hp', { data: { testid: 'hp' } }, hearts, h('span.hp-num', `${s.hp}/${s.max_hp}`));
}

function occupantEl(seatIndex) {
  const info = store.room?.seats[seatIndex];
  if (!info) return null;
  const o = info.occupant;
  const marks = [];
  if (o.kind === 'player' && !o.connected) marks.push(h('span.tag.offline', { data: { testid: 'offline' } }, t('offline')));
  if (info.trusteeship) marks.push(h('span.tag.trust', { data: { testid: 'trusteeship-mark' } }, t('trusteeship')));
  const name = o.kind === 'player' ? o.name : o.kind === 'bot' ? t('bot') : t('empty_seat');
  const me = seatIndex === mySeat() ? h('span.tag.me', t('you')) : null;
  return h('div.who', h('span.pname', name), me, marks);
}

/** A seat's lasting state: chained (铁索连环), a pending 酒, turned over, other marks. */
function stateTags(s) {
  const tags = [];
  if (s.chained) tags.push(h('span.tag.chained', { data: { testid: 'chained' } }, t('chained')));
  if (s.protected) tags.push(h('span.tag.protected', { data: { testid: 'protected' }, title: t('protected_tip') }, t('protected')));
  if (s.turned) tags.push(h('span.tag.turned', { data: { testid: 'turned' } }, t('turned_over')));
  for (const p of s.piles ?? []) {
    // A pile with a name of its own (七星's 星), else its skill's; face down for the others.
    const name = has(`pile_${p.skill}`) ? t(`pile_${p.skill}`) : skillName(p.skill);
    tags.push(h('span.tag.pile-tag', { data: { testid: 'seat-pile', visibility: p.visibility } }, t('pile_n', { name, n: p.count })));
  }
  for (const m of s.marks ?? []) {
    if (m.id.card === 'analeptic') {
      tags.push(h('span.tag.drunk', { data: { testid: 'drunk' } }, t('drunk')));
    } else {
      // A mark with a name of its own (武魂's 梦魇), else its skill's or card's name.
      const own = m.id.skill && has(`mark_${m.id.skill}`) ? t(`mark_${m.id.skill}`) : null;
      const name = own ?? (m.id.skill ? skillName(m.id.skill) : kindName(m.id.card));
      tags.push(h('span.tag.mark', { data: { testid: 'mark' } }, t('mark_n', { name, n: m.count })));
    }
  }
  return tags.length ? h('div.state-tags', tags) : null;
}

/** 国战: a seat's two generals, 主将 main and 副将 deputy — face up once shown; face down while
 * hidden, named to their owner only (the server sends nobody else the name) — and its faction:
 * the kingdom of its shown general, 野心家 once it became a careerist, unknown while hidden. */
function duoEl(s) {
  const d = s.duo;
  if (!d) return null;
  const card = (slot, id, shown) => {
    const g = id ? generalInfo(id) : null;
    return h(`span.duo-general.${shown ? 'shown' : 'hidden'}${shown && g ? `.k-${g.kingdom}` : ''}`, {
      data: { testid: 'duo-general', slot, shown: shown ? 'true' : 'false', tip: id ? `general:${id}` : null },
      title: shown ? null : t('face_down_general'),
    }, h('span.slot', t(`duo_${slot}`)), h('span.name', id ? generalName(id) : '?'));
  };
  const shown = d.main_shown || d.deputy_shown;
  const faction = d.careerist
    ? h('span.tag.careerist', { data: { testid: 'faction', faction: 'careerist' } }, t('careerist'))
    : shown
      ? h(`span.tag.faction.k-${s.kingdom}`, { data: { testid: 'faction', faction: s.kingdom } }, t(`kingdom_${s.kingdom}`))
      : h('span.tag.faction.unknown', { data: { testid: 'faction', faction: 'unknown' } }, t('faction_unknown'));
  return h('div.duo', { data: { testid: 'duo' } }, card('main', d.main, d.main_shown), card('deputy', d.deputy, d.deputy_shown), faction);
}

/** Is `s` a 国战 seat with no general shown yet (its general and kingdom are nobody's business)? */
const allHidden = (s) => s.duo && !s.duo.main_shown && !s.duo.deputy_shown;

/** One seat's box (mine too). */
function seatEl(s, model, handlers) {
  const g = generalInfo(s.general);
  const waiting = store.clocks.find((c) => c.seat === s.seat);
  const selectable = model?.seats.has(s.seat);
  const selected = model?.selectedTargets.includes(s.seat);
  const mine = s.seat === mySeat();
  // While targets are chosen, every other seat shows its distance from me (why one may be out
  // of reach: the engine decides, the page only says how far).
  const choosing = model && (model.seats.size > 0 || model.selectedTargets.length > 0);
  const distance = choosing && !mine && s.alive ? store.prompt?.reach?.distances?.[s.seat] : undefined;
  const fx = seatEffect(s.seat);
  const cls = [
    mine ? '.mine' : '.other',
    store.view.current === s.seat ? '.current' : '',
    waiting ? '.asked' : '',
    s.alive ? '' : '.dead',
    s.chained ? '.chained-seat' : '',
    s.turned ? '.turned-seat' : '',
    selectable ? '.selectable' : '',
    distance !== undefined && !selectable && !selected ? '.unreachable' : '',
    selected ? '.selected' : '',
    `.k-${allHidden(s) ? 'none' : s.kingdom}`,
    fx?.cls ?? '',
  ].join('');
  // 国战 deals no roles that mean anything (its faction shows with its generals).
  const role = s.role && !s.duo ? h(`span.role.r-${s.role}`, { data: { testid: 'role', role: s.role } }, roleText(s.role)) : null;
  // The seat's skills as they are now (its general's, and any gained: 斗地主's 飞扬 and 跋扈).
  // 国战's 明置 is the rule's, not a general's: not listed.
  const skills = (s.skills ?? g?.skills ?? []).filter((id) => id !== 'mingzhi').map((id) => h('span.skill', { data: { tip: `skill:${id}` } }, skillName(id)));
  return h(`div.seat${cls}`, {
    data: { testid: 'seat', seat: s.seat, selectable: selectable ? 'true' : null, selected: selected ? 'true' : null, mine: mine ? 'true' : null, fx: fx?.cls.slice(4) },
    style: fx?.style,
    tabindex: 0, role: 'button', 'aria-pressed': selected ? 'true' : 'false',
    onclick: () => handlers.seat(s.seat),
  },
  h('div.seat-head',
    portrait(allHidden(s) ? null : g, allHidden(s) ? 'none' : s.kingdom),
    h(`span.kingdom.k-${allHidden(s) ? 'none' : s.kingdom}`, allHidden(s) ? '?' : t(`kingdom_${s.kingdom}`)),
    h('span.gname', { data: { tip: allHidden(s) ? null : `general:${s.general}`, testid: 'general' } },
      allHidden(s) ? t('hidden_generals') : generalName(s.general)),
    h('span.seatno', `${s.seat + 1}`),
    role),
  occupantEl(s.seat),
  duoEl(s),
  hpEl(s),
  stateTags(s),
  h('div.counts', h('span.handcount', { data: { testid: 'hand-count' } }, `${t('hand')} ${s.hand_count}`),
    s.alive ? null : h('span.tag.dead', t('dead'))),
  mine ? null : h('div.skills', skills),
  // A partner's hand, where the mode shows it (2v2): face up, small.
  !mine && s.hand?.length ? h('div.partner-hand', { data: { testid: 'partner-hand' }, title: t('partner_hand') }, s.hand.map((id) => miniEl(id))) : null,
  s.equip.length ? h('div.equips', s.equip.map((id) => miniEl(id))) : null,
  s.judge.length ? h('div.judges', s.judge.map(([id, kind]) => miniEl(id, kind, {}, '.judge'))) : null,
  distance !== undefined ? h('div.distance', { data: { testid: 'distance' } }, t('distance_n', { n: distance })) : null,
  waiting ? h('div.status', waitingText(waiting.kind), ' ', countdown(waiting)) : null,
  !waiting && store.view.current === s.seat && store.view.phase ? h('div.phase', t(`phase_${store.view.phase}`)) : null);
}

function centerEl() {
  const v = store.view;
  const shown = v.processing.length ? v.processing : v.discard_pile.slice(-4);
  return h('div.center', { data: { testid: 'center' } },
    h('div.piles',
      h('span.pile', { data: { testid: 'draw-pile' } }, `${t('draw_pile')} ${v.draw_pile}`),
      h('span.pile', `${t('discard_pile')} ${v.discard_pile.length}`),
      h('span.pile', t('turn', { n: v.turn_number })),
      v.phase ? h('span.pile.cur', `${seatName(v.current)} · ${t(`phase_${v.phase}`)}`) : null),
    h('div.played', shown.map((id) => {
      const fx = landedEffect(id);
      return cardEl(id, fx ? { style: fx.style } : {}, `.small${fx?.cls ?? ''}`);
    })),
    store.shown ? h('div.shown', { data: { testid: 'shown' } },
      h('span.glabel', `${seatName(store.shown.seat)} · ${t('shown')}`),
      store.shown.cards.map((id) => (id === null ? backEl() : cardEl(id, {}, '.small')))) : null);
}

function promptBar(model, handlers) {
  const answered = store.answered === model.id;
  const p = model.prompt;
  const kids = [];
  kids.push(h('div.ptitle', { data: { testid: 'prompt-title' } }, promptTitle(p), ' ', countdown(store.prompt)));
  const hint = hintText(model);
  if (hint) kids.push(h('div.hint', { data: { testid: 'prompt-hint' } }, hint));
  // Cards a buildable answer names that are neither in my hand nor my equipment.
  const me = store.view.seats[mySeat()];
  const own = new Set([...(me?.hand ?? []), ...(me?.equip ?? [])]);
  const extra = [...model.shapeCards].filter((c) => !own.has(c));
  if (extra.length) {
    kids.push(h('div.extra', extra.map((id) => cardEl(id, {
      data: { testid: 'extra-card', selectable: model.cards.has(id) ? 'true' : null, selected: model.selectedCards.includes(id) ? 'true' : null },
      onclick: () => handlers.card(id),
    }, `.small${model.cards.has(id) ? '.selectable' : ''}${model.selectedCards.includes(id) ? '.selected' : ''}`))));
  }
  const buttons = [];
  for (const { skill, direct } of model.implied ? [] : model.skills) {
    const on = model.skill === skill;
    buttons.push(button(skillName(skill), 'skill', () => handlers.skill(skill, direct),
      { data: { skill, tip: `skill:${skill}`, direct: direct ? 'true' : null }, disabled: answered }, on ? '.on' : ''));
  }
  if (model.mode !== 'arrange' && model.direct.length === 0) {
    const yes = p.kind === 'confirm' ? t('yes') : t('confirm');
    const label = model.answer?.skill ? `${yes}（${skillName(model.answer.skill)}）` : yes;
    buttons.push(button(label, 'confirm', () => handlers.confirm(), { disabled: !model.answer || answered }, '.primary'));
    if (model.selectedCards.length || model.selectedTargets.length || (model.skill && !model.implied)) {
      buttons.push(button(t('cancel_sel'), 'clear', () => handlers.clear(), { disabled: answered }));
    }
  }
  if (model.recast) {
    buttons.push(button(t('recast'), 'recast', () => handlers.act(model.recast), { disabled: answered }));
  }
  if (model.pass) {
    const label = p.kind === 'play' ? t('end_play') : p.kind === 'confirm' ? t('no') : t('pass');
    buttons.push(button(label, 'pass', () => handlers.act(model.pass), { disabled: answered }, '.warn'));
  }
  kids.push(h('div.pbuttons', buttons));
  return h('div.prompt', { data: { testid: 'prompt', kind: p.kind, promptId: model.id, answered: answered ? 'true' : null } }, kids);
}

/** The line under the prompt's title: what to do next ("为【杀】选择目标"). */
function hintText(model) {
  const next = nextStep(model);
  if (!next) return null;
  const kind = next.card !== null && next.card !== undefined ? face(next.card)?.kind : null;
  const name = next.skill ? skillName(next.skill) : kind ? kindName(kind) : '';
  const what = name && lang === 'zh' ? `【${name}】` : name;
  const key = `g_${next.step}${what ? '_w' : ''}`;
  const range = store.prompt?.reach?.attack_range;
  const targets = next.step === 'target' || next.step === 'more_targets';
  return t(key, { what, n: next.n }) + (targets && range !== undefined ? ` · ${t('attack_range_n', { n: range })}` : '');
}

function waitingBar() {
  const others = store.clocks.filter((c) => c.seat !== mySeat());
  if (!others.length) return h('div.prompt.idle', { data: { testid: 'waiting' } }, '\u00a0');
  const c = others[0];
  return h('div.prompt.idle', { data: { testid: 'waiting' } },
    `${seatName(c.seat)} · ${waitingText(c.kind)} `, countdown(c));
}

function handEl(me, model, handlers) {
  const cards = (me?.hand ?? []).map((id) => {
    const selectable = model?.cards.has(id);
    const selected = model?.selectedCards.includes(id);
    return cardEl(id, {
      data: { testid: 'hand-card', selectable: selectable ? 'true' : null, selected: selected ? 'true' : null },
      tabindex: 0, role: 'button', 'aria-pressed': selected ? 'true' : 'false',
      onclick: () => handlers.card(id),
    }, `${selectable ? '.selectable' : ''}${selected ? '.selected' : ''}${model && !selectable && !selected ? '.dim' : ''}`);
  });
  const equips = (me?.equip ?? []).map((id) => {
    const selectable = model?.cards.has(id);
    const selected = model?.selectedCards.includes(id);
    return miniEl(id, undefined, {
      data: { testid: 'equip-card', selectable: selectable ? 'true' : null, selected: selected ? 'true' : null },
      onclick: () => handlers.card(id),
    }, `${selectable ? '.selectable' : ''}${selected ? '.selected' : ''}`);
  });
  return h('div.hand-area',
    equips.length ? h('div.my-equips', equips) : null,
    h('div.hand', { data: { testid: 'hand' } }, cards));
}

function skillsEl(me) {
  if (me?.duo) {
    // 国战: both generals' skills; a hidden general's are marked (they wait for its reveal).
    const d = me.duo;
    const of = (id, shown) => (generalInfo(id)?.skills ?? []).map((skill) => h(`span.skill${shown ? '' : '.hidden-skill'}`,
      { data: { tip: `skill:${skill}`, testid: shown ? null : 'hidden-skill' }, title: shown ? null : t('hidden_skill_tip') }, skillName(skill)));
    const all = [...of(d.main, d.main_shown), ...of(d.deputy, d.deputy_shown)];
    return all.length ? h('div.my-skills', all) : null;
  }
  const g = generalInfo(me?.general);
  if (!g || !g.skills.length) return null;
  return h('div.my-skills', g.skills.map((id) => h('span.skill', { data: { tip: `skill:${id}` } }, skillName(id))));
}

/** The game-over screen: every role and who won; the host may start a rematch. */
function gameOverEl(handlers) {
  const o = store.outcome;
  const rows = store.view.seats.map((s, i) => {
    const won = o.winners.includes(i);
    const occ = store.room?.seats[i]?.occupant;
    const who = occ?.kind === 'player' ? occ.name : occ?.kind === 'bot' ? t('bot') : '';
    // Another person at the table may be reported to the server's operator.
    const other = occ?.kind === 'player' && occ.player !== store.me?.player;
    return h(`tr${won ? '.won' : ''}`, { data: { testid: 'result-row', seat: i } },
      h('td', `${i + 1}`), h('td', s.duo ? [s.duo.main, s.duo.deputy].filter(Boolean).map(generalName).join(' / ') : generalName(s.general)), h('td', who),
      s.duo ? h(`td.k-${s.duo.careerist ? 'careerist' : s.kingdom}`, factionText(i))
        : h(`td.r-${o.roles[i]}`, roleText(o.roles[i])),
      h('td', s.alive ? '' : t('dead')), h('td', won ? t('won') : t('lost')),
      h('td', other ? button(t('report'), 'report', () => handlers.report(occ.player, occ.name), { data: { testid: 'report', seat: i } }) : ''));
  });
  const host = store.you?.host;
  const finished = store.room?.state === 'finished';
  return h('div.overlay', { data: { testid: 'game-over' } }, h('div.dialog.over',
    h('h2', t('game_over')),
    h('p.side', { data: { testid: 'winner' } }, sideText(o.winner)),
    h('table.results', h('thead', h('tr', h('th', '#'), h('th', t('general')), h('th', t('player')),
      h('th', store.view.seats.some((s) => s.duo) ? t('faction') : t('role')), h('th', ''), h('th', ''), h('th', ''))), h('tbody', rows)),
    seriesEl(store.room),
    h('div.pbuttons',
      host && finished ? button(t('rematch'), 'rematch', handlers.rematch, {}, '.primary') : h('span.note', t('wait_rematch')),
      button(t('back_lobby'), 'leave', handlers.leave))));
}

/** Draws the table into `root`. Returns the prompt model (or null) for the dialog. */
/** 托管 is on for my seat: say why, and how to take the seat back (any click on the table does). */
function trusteeshipBanner(reason, handlers) {
  return h('div.trust-banner', { data: { testid: 'trusteeship-banner', reason: reason ?? 'asked' }, role: 'status' },
    h('span', t(`trust_${reason ?? 'asked'}`)),
    button(t('trusteeship_off'), 'trusteeship-off', () => handlers.trusteeship(false), {}, '.primary'));
}

export function renderTable(root, handlers) {
  const v = store.view;
  const me = mySeat();
  const skip = store.prompt && skipEmptyWindows() && onlyPassWindow(store.prompt.prompt);
  const model = store.prompt && me !== null && !skip ? analyze(store.prompt) : null;
  const n = v.seats.length;
  const base = me ?? 0;
  const others = [];
  for (let k = me === null ? 0 : 1; k < n; k++) {
    const s = v.seats[(base + k) % n];
    others.push(seatEl(s, model, handlers));
  }
  const mine = me !== null ? v.seats[me] : null;
  const trust = me !== null && store.room?.seats[me]?.trusteeship;
  fill(root,
    h('div.board', { data: { testid: 'board' } }, h('div.ring', others), centerEl()),
    h('div.dock',
      trust ? trusteeshipBanner(store.room.seats[me].trusteeship_reason, handlers) : null,
      model ? promptBar(model, handlers) : waitingBar(),
      mine ? h('div.me-row',
        seatEl(mine, model, handlers),
        h('div.me-side',
          skillsEl(mine),
          handEl(mine, model, handlers),
          h('div.me-tools',
            button(trust ? t('trusteeship_off') : t('trusteeship'), 'trusteeship', () => handlers.trusteeship(!trust), {}, trust ? '.on' : ''),
            h('label.check.small', { title: t('skip_empty_windows_tip') },
              h('input', { type: 'checkbox', checked: skipEmptyWindows(), data: { testid: 'skip-empty-windows' },
                onchange: (e) => { setSkipEmptyWindows(e.target.checked); handlers.redraw(); } }),
              t('skip_empty_windows'))))) : h('div.spectating', t('spectating'))),
    store.outcome ? gameOverEl(handlers) : null);
  return model;
}
