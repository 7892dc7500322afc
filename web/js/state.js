// state.js — what the client knows: the session, the lobby, the room, the game view (kept
// current by applying the events of each `update`), the clocks, my pending prompt, the log and
// the chat. It decides nothing about the rules: it records what the server says.

import { face, generalInfo, setDeck } from './catalog.js';

export const store = {
  /** 'connecting' | 'open' | 'closed' | 'replaced' */
  status: 'connecting',
  me: null, // {player, name}
  rooms: [], // RoomSummary[] (the lobby's, kept current by lobby_update)
  roomsTotal: 0,
  room: null, // RoomInfo
  you: null, // You
  seq: 0,
  view: null, // View
  clocks: [], // Clock[] with `at` (performance.now() when received)
  prompt: null, // PendingPrompt with `at`
  /** The prompt id an answer was sent for (the panel waits for the next update). */
  answered: null,
  outcome: null,
  /** {kind: 'event'|'chat'|'info', event?, name?, text?} */
  log: [],
  /** Bumped when the log is cleared (a new game), so the view redraws it. */
  logEpoch: 0,
  error: null, // {code, message, at}
};

const LOG_LIMIT = 400;
let listeners = [];
/** Called after every change (main.js batches the redraw to one animation frame). */
export const onChange = (fn) => { listeners.push(fn); };
export const changed = () => { for (const fn of listeners) fn(); };

/** Kinds a used card was converted into (国色: a ♦ card as 乐不思蜀), for judgment areas. */
const usedAs = new Map();

function addLog(entry) {
  store.log.push(entry);
  if (store.log.length > LOG_LIMIT) store.log.splice(0, store.log.length - LOG_LIMIT);
}

export function info(text) {
  addLog({ kind: 'info', text });
  changed();
}

export function showError(msg) {
  store.error = { code: msg.code, message: msg.message, at: performance.now() };
  changed();
}

/** My seat in the game, or null (spectator / lobby). */
export const mySeat = () => store.you?.seat ?? null;

/** Is the game view live (a game started in this room)? */
export const inGame = () => store.view !== null && store.room !== null;

function stamp(list) {
  const at = performance.now();
  return list.map((c) => ({ ...c, at }));
}

/**
 * Applies one ServerMsg. Returns `true` when the client should ask for a `resync` (a gap in
 * `seq`, or an update that does not fit the view it has).
 */
export function apply(msg) {
  let resync = false;
  const room = ['sync', 'room_state', 'update', 'chat', 'game_over'].includes(msg.type);
  if (room && msg.type !== 'sync') {
    if (msg.seq !== store.seq + 1) resync = true;
    store.seq = msg.seq;
  }
  switch (msg.type) {
    case 'welcome':
      store.me = { player: msg.player, name: msg.name };
      if (!msg.room) leaveRoom();
      break;
    case 'room_list':
      store.rooms = msg.rooms;
      store.roomsTotal = msg.total ?? msg.rooms.length;
      break;
    case 'lobby_update':
      applyLobbyUpdate(msg);
      break;
    case 'sync':
      store.seq = msg.seq;
      if (store.room?.id !== msg.room.id || (store.room?.games ?? 0) !== msg.room.games) {
        // A reload comes back to the log this tab kept for this game.
        store.log = savedLog(msg.room);
        store.logEpoch++;
      }
      store.room = msg.room;
      store.you = msg.you;
      store.view = msg.view ?? null;
      setDeck(msg.view?.deck);
      store.outcome = msg.view?.outcome ?? null;
      store.clocks = stamp(msg.clocks ?? []);
      setPrompt(msg.prompt);
      break;
    case 'room_state':
      store.room = msg.room;
      store.you = msg.you;
      if (msg.room.state === 'waiting') { store.view = null; store.outcome = null; }
      break;
    case 'update':
      if (resync || !store.view) { resync = true; break; }
      for (const event of msg.events) {
        if (!applyEvent(store.view, event)) resync = true;
        addLog({ kind: 'event', event });
      }
      store.clocks = stamp(msg.clocks ?? []);
      setPrompt(msg.prompt);
      break;
    case 'game_over':
      store.outcome = msg.outcome;
      if (store.view) {
        store.view.outcome = msg.outcome;
        msg.outcome.roles.forEach((role, i) => { if (store.view.seats[i]) store.view.seats[i].role = role; });
      }
      store.clocks = [];
      setPrompt(null);
      break;
    case 'chat':
      addLog({ kind: 'chat', name: msg.name, text: msg.text, speaker: msg.speaker ?? null });
      break;
    case 'left_room':
      leaveRoom();
      break;
    case 'error':
      // A race with another answer (a window that closed, trusteeship): the next update says
      // what is asked now. An illegal answer means this client's view is off: resync.
      if (msg.code === 'stale_prompt' || msg.code === 'not_your_turn') store.answered = null;
      if (msg.code === 'illegal_action') { store.answered = null; resync = true; }
      store.error = { code: msg.code, message: msg.message, at: performance.now() };
      break;
    default:
      break;
  }
  changed();
  return resync && store.room !== null;
}

// ---- the lobby ------------------------------------------------------------------------------

/** Waiting rooms first, then by name and id (the server's order). */
function byListing(a, b) {
  const wa = a.state === 'waiting' ? 0 : 1;
  const wb = b.state === 'waiting' ? 0 : 1;
  if (wa !== wb) return wa - wb;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Merges the rooms that changed and drops the ones that went. */
function applyLobbyUpdate(msg) {
  const rooms = new Map(store.rooms.map((r) => [r.id, r]));
  for (const id of msg.removed ?? []) rooms.delete(id);
  for (const room of msg.changed ?? []) rooms.set(room.id, room);
  store.rooms = [...rooms.values()].sort(byListing);
  store.roomsTotal = msg.total;
}

// ---- the log survives a reload (per tab, per game) -------------------------------------------

const LOG_KEY = 'sgs.log';
let savedLength = -1;

function savedLog(room) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(LOG_KEY) ?? 'null');
    if (saved && saved.room === room.id && saved.games === room.games && Array.isArray(saved.log)) return saved.log;
  } catch { /* no storage, or not ours */ }
  return [];
}

/** Keeps this game's log in sessionStorage (called after redraws; cheap when nothing changed). */
export function saveLog() {
  if (!store.room || store.log.length === savedLength) return;
  savedLength = store.log.length;
  try {
    const saved = { room: store.room.id, games: store.room.games, log: store.log };
    sessionStorage.setItem(LOG_KEY, JSON.stringify(saved));
  } catch { /* full or unavailable: the log just starts afresh after a reload */ }
}

function leaveRoom() {
  store.room = null;
  store.you = null;
  store.view = null;
  store.outcome = null;
  store.clocks = [];
  store.prompt = null;
  store.answered = null;
  store.log = [];
  store.logEpoch++;
}

function setPrompt(pending) {
  store.prompt = pending ? { ...pending, at: performance.now() } : null;
  if (!pending || pending.prompt_id !== store.answered) store.answered = null;
}

// ---- the view, kept current by events -------------------------------------------------------

/** Applies `event` to `view`. Returns false when the event does not fit what the view holds. */
export function applyEvent(view, event) {
  const seat = (s) => view.seats[s];
  switch (event.type) {
    case 'role_dealt':
      if (seat(event.seat)) seat(event.seat).role = event.role;
      return true;
    case 'general_shown': {
      const s = seat(event.seat);
      if (!s) return false;
      const g = generalInfo(event.general);
      Object.assign(s, { general: event.general, hp: event.hp, max_hp: event.max_hp });
      if (g) Object.assign(s, { kingdom: g.kingdom, gender: g.gender });
      return true;
    }
    case 'turn_started':
      view.current = event.seat;
      view.phase = null;
      view.turn_number += 1;
      return true;
    case 'phase_started':
      view.current = event.seat;
      view.phase = event.phase;
      return true;
    case 'turn_ended':
      view.phase = null;
      return true;
    case 'card_used':
      for (const id of event.card.cards) usedAs.set(id, event.card.kind);
      return true;
    case 'cards_moved':
      return moveCards(view, event);
    case 'damaged':
      if (seat(event.target)) seat(event.target).hp = event.hp;
      return true;
    case 'hp_lost':
    case 'recovered':
      if (seat(event.seat)) seat(event.seat).hp = event.hp;
      return true;
    case 'died':
      if (seat(event.seat)) Object.assign(seat(event.seat), { alive: false, role: event.role });
      return true;
    case 'deck_reshuffled':
      view.draw_pile += event.count;
      view.discard_pile = [];
      return true;
    case 'game_over':
      view.outcome = event.outcome;
      event.outcome.roles.forEach((role, i) => { if (seat(i)) seat(i).role = role; });
      return true;
    default:
      return true;
  }
}

function without(list, id) {
  const i = list.indexOf(id);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

function moveCards(view, event) {
  let fits = true;
  event.cards.forEach((card, i) => {
    const from = event.from[i] ?? event.from[0];
    if (from && !take(view, from, card)) fits = false;
    if (!put(view, event.to, card)) fits = false;
  });
  return fits;
}

function take(view, zone, card) {
  const s = zone.seat !== undefined ? view.seats[zone.seat] : null;
  switch (zone.zone) {
    case 'draw_pile':
      view.draw_pile = Math.max(0, view.draw_pile - 1);
      return true;
    case 'discard_pile':
      return card === null || without(view.discard_pile, card);
    case 'processing':
      return card === null || without(view.processing, card);
    case 'hand':
      if (!s) return false;
      s.hand_count = Math.max(0, s.hand_count - 1);
      if (s.hand) return card !== null && without(s.hand, card);
      return true;
    case 'equip':
      return !!s && card !== null && without(s.equip, card);
    case 'judge': {
      if (!s) return false;
      const i = s.judge.findIndex(([id]) => id === card);
      if (i < 0) return false;
      s.judge.splice(i, 1);
      return true;
    }
    default:
      return true;
  }
}

function put(view, zone, card) {
  const s = zone.seat !== undefined ? view.seats[zone.seat] : null;
  switch (zone.zone) {
    case 'draw_pile':
      view.draw_pile += 1;
      return true;
    case 'discard_pile':
      if (card !== null) view.discard_pile.push(card);
      return card !== null;
    case 'processing':
      if (card !== null) view.processing.push(card);
      return card !== null;
    case 'hand':
      if (!s) return false;
      s.hand_count += 1;
      if (s.hand) {
        if (card === null) return false;
        s.hand.push(card);
      }
      return true;
    case 'equip':
      if (!s || card === null) return false;
      s.equip.push(card);
      return true;
    case 'judge':
      if (!s || card === null) return false;
      s.judge.push([card, usedAs.get(card) ?? face(card)?.kind]);
      return true;
    default:
      return true;
  }
}
