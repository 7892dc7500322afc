// lobby.js — the lobby (nickname, the live list of public rooms, creating a room with every
// option, joining by invite code) and the waiting room before a game (seats, bots, start).

import { $, h, fill } from './dom.js';
import { t } from './i18n.js';
import { store } from './state.js';
import { button } from './ui.js';

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
    generals: value('generals'),
    ex_cards: checked('ex_cards'),
    role_table: value('role_table'),
    decision_timeout_ms: seconds('decision_timeout'),
    play_timeout_ms: seconds('play_timeout'),
    private: checked('private'),
    password: value('password') || null,
    allow_spectators: checked('allow_spectators'),
    fill_bots: checked('fill_bots'),
    scenario: null,
  };
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
  // An invite link: #room=<id>&invite=<code> fills the join form.
  const params = new URLSearchParams(location.hash.slice(1));
  if (params.get('room')) {
    $('join-form').elements.room.value = params.get('room');
    $('join-form').elements.invite.value = params.get('invite') ?? '';
  }
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
      h('span.tag', t(r.generals === 'none' ? 'generals_none' : 'generals_standard'))),
    h('div.rmeta', `${t('seats')} ${r.taken}/${r.seats} · ${t('players')} ${r.players} · ${t('bot')} ${r.bots} · ${t('spectators')} ${r.spectators}`),
    h('div.rbuttons',
      r.state === 'waiting' && r.taken < r.seats ? button(t('join'), 'join-room', () => handlers.join(r, false)) : null,
      r.allow_spectators ? button(t('spectate'), 'spectate-room', () => handlers.join(r, true)) : null))));
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
  const invite = room.invite
    ? `${location.origin}/#room=${encodeURIComponent(room.id)}&invite=${encodeURIComponent(room.invite)}` : null;
  const facts = [
    `${t('room_id')}: ${room.id}`,
    t(room.generals === 'none' ? 'generals_none' : 'generals_standard'),
    room.ex_cards ? t('ex_cards') : null,
    `${t('decision_timeout')} ${room.decision_timeout_ms / 1000}`,
    `${t('play_timeout')} ${room.play_timeout_ms / 1000}`,
    room.private ? t('private') : null,
    room.has_password ? t('has_password') : null,
    room.fill_bots ? t('fill_bots') : null,
    room.practice ? t('practice') : null,
  ].filter(Boolean);
  fill(root, h('div.panel.waiting', { data: { testid: 'waiting-room', room: room.id } },
    h('h2', room.name, ' ', h('span.tag', t(`state_${room.state}`))),
    h('p.facts', facts.join(' · ')),
    invite ? h('p.invite', `${t('invite_link')}: `, h('input', { readonly: true, value: invite, data: { testid: 'invite-link' }, onclick: (e) => e.target.select() }),
      ' ', h('span', `${t('invite_code')}: `, h('code', { data: { testid: 'invite-code' } }, room.invite))) : null,
    h('div.seat-list', rows),
    room.spectators.length ? h('p.note', `${t('spectators')}: ${room.spectators.map((m) => m.name).join(', ')}`) : null,
    h('div.pbuttons',
      host ? button(t('start'), 'start', handlers.start, {}, '.primary') : null,
      button(t('leave'), 'leave', handlers.leave))));
}
