// lobby.js — the lobby (nickname, the live list of public rooms, creating a room with every
// option, joining by invite code) and the waiting room before a game (seats, bots, start).

import { $, h, fill } from './dom.js';
import { getCatalog, infoName, infoText, rulesetText } from './catalog.js';
import { has, t } from './i18n.js';
import { store } from './state.js';
import { button } from './ui.js';
import { seriesEl } from './series.js';

// ---- the ruleset part of the create-room form, built from the catalog ----------------------
// Every mode, pack and option comes from the server's catalog: a pack or mode the engine
// registers appears here with no change to this file.

/** One option's input, named `prefix.id`; its default from the catalog. */
function optionControl(prefix, option) {
  const name = `${prefix}.${option.id}`;
  const label = infoName(option);
  if (option.kind === 'flag') {
    return h('label.check', h('input', { type: 'checkbox', name, checked: option.default }), h('span', label));
  }
  if (option.kind === 'number') {
    return h('label', h('span', label), h('input', { type: 'number', name, min: option.min, max: option.max, value: option.default }));
  }
  return h('label', h('span', label), h('select', { name },
    option.choices.map((c) => h('option', { value: c.id, selected: c.id === option.default }, infoName(c)))));
}

/** An option's input with its one-line explanation beneath (issue 18). */
function optionInput(prefix, option) {
  const text = infoText(option);
  return h('div.option', { data: { testid: 'option', option: option.id }, title: text || null },
    optionControl(prefix, option),
    text ? h('small.option-text', { data: { testid: 'option-text' } }, text) : null);
}

/** The value an option's input holds, or undefined when it is the option's default. */
function optionValue(form, prefix, option) {
  const el = form.elements[`${prefix}.${option.id}`];
  if (!el) return undefined;
  let value;
  if (option.kind === 'flag') value = el.checked;
  else if (option.kind === 'number') value = parseInt(el.value, 10);
  else value = el.value;
  if (option.kind === 'number' && !Number.isFinite(value)) return undefined;
  return value === option.default ? undefined : value;
}

function readOptionsOf(form, prefix, options) {
  const out = {};
  for (const option of options) {
    const value = optionValue(form, prefix, option);
    if (value !== undefined) out[option.id] = value;
  }
  return out;
}

/** Fills the seat count's choices with the mode's range. */
function fillSeats(form, mode) {
  const seats = form.elements.seats;
  const current = parseInt(seats.value, 10) || 5;
  fill(seats, []);
  for (let n = mode.min_seats; n <= mode.max_seats; n++) seats.append(h('option', { value: n, selected: n === Math.min(Math.max(current, mode.min_seats), mode.max_seats) }, String(n)));
}

/** Offers the packs (card packs: `prefix` 'cards', general packs: 'generals') `mode` plays: a
 * pack restricted to other modes is unchecked and disabled; packs of the mode's own (the 2013 1v1
 * deck, the 国战 generals) are checked in place of the others; with none checked, the default
 * ruleset's packs come back. */
function fitPacks(form, packs, prefix, defaults, mode) {
  const box = (p) => form.elements[`${prefix}.${p.id}`];
  // `modes` is absent from a pack played in every mode (the catalog skips an empty list).
  const modesOf = (p) => p.modes ?? [];
  const own = packs.filter((p) => modesOf(p).length === 1 && modesOf(p)[0] === mode.id);
  for (const p of packs) {
    if (!box(p)) continue;
    const allowed = !modesOf(p).length || modesOf(p).includes(mode.id);
    box(p).disabled = !allowed;
    if (!allowed) box(p).checked = false;
    else if (own.length) box(p).checked = own.includes(p);
  }
  if (!packs.some((p) => box(p)?.checked)) {
    for (const id of defaults) {
      const p = packs.find((q) => q.id === id);
      if (p && box(p) && !box(p).disabled) box(p).checked = true;
    }
  }
}

/** Draws the mode, card pack, general pack and edition choices from the catalog. */
export function renderRulesetForm() {
  const catalog = getCatalog();
  const root = $('ruleset-form');
  if (!catalog || !root) return;
  const form = $('create-form');
  const chosen = catalog.default_ruleset;
  const modeOptions = h('div.grid.wide', { data: { testid: 'mode-options' } });
  const showMode = (id) => {
    const mode = catalog.modes.find((m) => m.id === id) ?? catalog.modes[0];
    fill(modeOptions, mode.options.map((o) => optionInput('mode', o)));
    fillSeats(form, mode);
    fitPacks(form, catalog.card_packs, 'cards', catalog.default_ruleset.cards.map((c) => c.id), mode);
    fitPacks(form, catalog.general_packs, 'generals', catalog.default_ruleset.generals, mode);
  };
  const modeSelect = h('select', { name: 'mode', data: { testid: 'opt-mode' }, onchange: (e) => showMode(e.target.value) },
    catalog.modes.map((m) => h('option', { value: m.id, selected: m.id === chosen.mode }, infoName(m))));
  const cardPacks = catalog.card_packs.map((p) => h('div.pack', { data: { testid: 'card-pack', pack: p.id } },
    h('label.check', h('input', { type: 'checkbox', name: `cards.${p.id}`, checked: chosen.cards.some((c) => c.id === p.id) }), h('span', infoName(p))),
    p.options.map((o) => optionInput(`cardopt.${p.id}`, o))));
  const generalPacks = catalog.general_packs.map((p) => h('label.check', { data: { testid: 'general-pack', pack: p.id } },
    h('input', { type: 'checkbox', name: `generals.${p.id}`, checked: chosen.generals.includes(p.id) }), h('span', infoName(p))));
  fill(root, [
    h('label', h('span', t('mode')), modeSelect),
    modeOptions,
    h('fieldset.wide', h('legend', t('card_packs')), cardPacks),
    h('fieldset.wide', h('legend', t('general_packs')), generalPacks, h('p.note', t('generals_none_hint'))),
    catalog.editions.length > 1
      ? h('label', h('span', t('edition')), h('select', { name: 'edition' }, catalog.editions.map((e) => h('option', { value: e, selected: e === chosen.edition }, has(`edition_${e}`) ? t(`edition_${e}`) : e))),
        h('p.note', t('edition_hint')))
      : null,
  ]);
  showMode(chosen.mode);
}

/** The ruleset the form describes, or undefined before the catalog has come (the server's
 * default then applies). */
function readRuleset(form) {
  const catalog = getCatalog();
  if (!catalog || !form.elements.mode) return undefined;
  const mode = catalog.modes.find((m) => m.id === form.elements.mode.value) ?? catalog.modes[0];
  const picked = catalog.card_packs.filter((p) => form.elements[`cards.${p.id}`]?.checked);
  // A pack is played with the packs it requires, which come first.
  const ids = [];
  for (const p of picked) for (const id of [...p.requires, p.id]) if (!ids.includes(id)) ids.push(id);
  const cards = ids.map((id) => {
    const pack = catalog.card_packs.find((p) => p.id === id);
    const options = pack ? readOptionsOf(form, `cardopt.${id}`, pack.options) : {};
    return Object.keys(options).length ? { id, options } : { id };
  });
  const ruleset = {
    mode: mode.id,
    cards,
    generals: catalog.general_packs.filter((p) => form.elements[`generals.${p.id}`]?.checked).map((p) => p.id),
    edition: form.elements.edition?.value ?? catalog.default_ruleset.edition,
  };
  const options = readOptionsOf(form, 'mode', mode.options);
  if (Object.keys(options).length) ruleset.options = options;
  return ruleset;
}

/** Reads the create-room form into `RoomOptions` (throws on a bad scenario JSON). */
export function readOptions() {
  const form = $('create-form');
  const value = (name) => form.elements[name].value;
  const checked = (name) => form.elements[name].checked;
  const seconds = (name) => {
    const v = parseFloat(value(name));
    return Number.isFinite(v) && v > 0 ? Math.round(v * 1000) : null;
  };
  const options = {
    name: value('name').trim(),
    seats: parseInt(value('seats'), 10),
    decision_timeout_ms: seconds('decision_timeout'),
    play_timeout_ms: seconds('play_timeout'),
    private: checked('private'),
    password: value('password') || null,
    allow_spectators: checked('allow_spectators'),
    fill_bots: checked('fill_bots'),
    seats_by_lot: checked('seats_by_lot'),
    bot_level: value('bot_level') || 'heuristic',
    scenario: null,
  };
  const ruleset = readRuleset(form);
  if (ruleset) options.ruleset = ruleset;
  const scenario = value('scenario').trim();
  if (scenario) options.scenario = JSON.parse(scenario);
  return options;
}

/** Wires the lobby's static forms to `handlers`. */
export function initLobby(handlers) {
  const seats = $('create-form').elements.seats;
  for (let n = 2; n <= 10; n++) seats.append(h('option', { value: n, selected: n === 5 }, String(n)));
  $('create-form').addEventListener('submit', (e) => { e.preventDefault(); handlers.create(); });
  $('join-form').addEventListener('submit', (e) => { e.preventDefault(); handlers.joinByCode(false); });
  $('join-spectate').addEventListener('click', () => handlers.joinByCode(true));
  $('nick-form').addEventListener('submit', (e) => { e.preventDefault(); handlers.rename($('nick').value.trim()); });
  // An invite link (#room=<id>&invite=<code>) fills the join form and opens the invite card at
  // the top of the lobby: join or watch in one click, above the fold on a phone.
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('room')) {
    $('join-form').elements.room.value = params.get('room');
    $('join-form').elements.invite.value = params.get('invite') ?? '';
    $('invite-room').textContent = params.get('room');
    $('invite-card').hidden = false;
    const accept = (spectate) => {
      $('invite-card').hidden = true;
      history.replaceState(null, '', location.pathname + location.search);
      handlers.joinByCode(spectate);
    };
    $('invite-join').addEventListener('click', () => accept(false));
    $('invite-watch').addEventListener('click', () => accept(true));
  }
}

/** The link that brings a friend straight to `room` (with its invite code, if private): from
 * the server's `--public-url`, or else the address this page was opened at. */
export function roomLink(room) {
  const base = store.publicUrl ?? location.origin + location.pathname.replace(/\/[^/]*$/, '');
  const params = new URLSearchParams({ room: room.id });
  if (room.invite) params.set('invite', room.invite);
  return `${base}/#${params}`;
}

const stateText = (state) => t(`state_${state}`);

/** Draws the live list of public rooms. */
export function renderRooms(handlers) {
  const list = $('room-list');
  if (!store.rooms.length) { fill(list, h('p.note', t('no_rooms'))); return; }
  fill(list, store.rooms.map((r) => h('div.room-row', { data: { testid: 'room-row', room: r.id, state: r.state } },
    h('div.rname', h('b', r.name), ' ', h('span.tag', stateText(r.state)),
      r.has_password ? h('span.tag', '🔒 ', t('has_password')) : null,
      r.practice ? h('span.tag', t('practice')) : null,
      h('span.tag', { data: { testid: 'room-ruleset' } }, rulesetText(r.ruleset))),
    h('div.rmeta', `${t('seats')} ${r.taken}/${r.seats} · ${t('players')} ${r.players} · ${t('bot')} ${r.bots} · ${t('spectators')} ${r.spectators}`),
    h('div.rbuttons',
      r.state === 'waiting' && r.taken < r.seats ? button(t('join'), 'join-room', () => handlers.join(r, false)) : null,
      r.allow_spectators ? button(t('spectate'), 'spectate-room', () => handlers.join(r, true)) : null))));
}

/** Draws who is in the lobby and its chat. */
export function renderLobbySocial() {
  const { people, total } = store.lobbyPeople;
  $('lobby-count').textContent = t('online_n', { n: total });
  const shown = people.map((p) => p.name).join('、');
  $('lobby-people').textContent = total > people.length ? `${shown} …` : shown;
  const box = $('lobby-chat');
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  fill(box, store.lobbyChat.map((line) => h('div.line', { data: { testid: 'lobby-chat-line' } },
    h('b', line.name), `：${line.text}`)));
  if (atBottom) box.scrollTop = box.scrollHeight;
}

/** Draws the waiting room (before a game, or after one when a rematch needs seats). */
export function renderRoom(root, handlers) {
  const room = store.room;
  const you = store.you;
  const host = you?.host;
  const rows = room.seats.map((s) => {
    const o = s.occupant;
    const mine = you?.seat === s.seat;
    const name = o.kind === 'player' ? o.name : o.kind === 'bot' ? t('bot') : t('empty_seat');
    const tools = [];
    if (host && o.kind === 'empty') tools.push(button(t('add_bot'), 'add-bot', () => handlers.addBot(s.seat)));
    if (host && o.kind === 'bot') tools.push(button(t('remove_bot'), 'remove-bot', () => handlers.removeBot(s.seat)));
    if (host && o.kind === 'player' && o.player !== you.player) tools.push(button(t('kick'), 'kick', () => handlers.kick(o.player)));
    if (o.kind === 'empty' && you?.seat !== null && you?.seat !== undefined) tools.push(button(t('sit_here'), 'take-seat', () => handlers.takeSeat(s.seat)));
    return h(`div.seat-row${mine ? '.mine' : ''}`, { data: { testid: 'room-seat', seat: s.seat, occupant: o.kind } },
      h('span.seatno', t('seat_n', { n: s.seat + 1 })),
      h('span.pname', name),
      o.kind === 'player' && o.player === room.host ? h('span.tag', t('host')) : null,
      mine ? h('span.tag.me', t('you')) : null,
      o.kind === 'player' && !o.connected ? h('span.tag.offline', t('offline')) : null,
      h('span.tools', tools));
  });
  const link = roomLink(room);
  const facts = [
    `${t('room_id')}: ${room.id}`,
    rulesetText(room.ruleset),
    `${t('decision_timeout')} ${room.decision_timeout_ms / 1000}`,
    `${t('play_timeout')} ${room.play_timeout_ms / 1000}`,
    room.private ? t('private') : null,
    room.has_password ? t('has_password') : null,
    room.fill_bots ? t('fill_bots') : null,
    room.seats_by_lot ? t('seats_by_lot') : null,
    `${t('bot_level')}: ${t(`bot_level_${room.bot_level || 'heuristic'}`)}`,
    room.practice ? t('practice') : null,
  ].filter(Boolean);
  fill(root, h('div.panel.waiting', { data: { testid: 'waiting-room', room: room.id } },
    h('h2', room.name, ' ', h('span.tag', t(`state_${room.state}`))),
    h('p.facts', facts.join(' · ')),
    h('p.invite', `${t('invite_link')}: `, h('input', { readonly: true, value: link, data: { testid: 'invite-link' }, onclick: (e) => e.target.select() }),
      ' ', button(t('copy'), 'copy-link', () => handlers.copy(link)),
      room.invite ? h('span', ` ${t('invite_code')}: `, h('code', { data: { testid: 'invite-code' } }, room.invite)) : null),
    h('div.seat-list', rows),
    seriesEl(room),
    room.spectators.length ? h('p.note', `${t('spectators')}: ${room.spectators.map((m) => m.name).join(', ')}`) : null,
    h('div.pbuttons',
      host ? button(t('start'), 'start', handlers.start, {}, '.primary') : null,
      button(t('leave'), 'leave', handlers.leave))));
}
