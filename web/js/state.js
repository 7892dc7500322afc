// state.js — what the client knows: the session, the lobby, the room, the game view (kept
// current by applying the events of each `update`), the clocks, my pending prompt, the log and
// the chat. It decides nothing about the rules: it records what the server says.

import { generalInfo, kindInfo, setDeck } from './catalog.js';
import { applyEvents } from './fold.js';

export const store = {
  /** 'connecting' | 'open' | 'closed' | 'replaced' */
  status: 'connecting',
  me: null, // {player, name}
  /** The server's `--public-url` (invite links start with it), or null. */
  publicUrl: null,
  rooms: [], // RoomSummary[] (the lobby's, kept current by lobby_update)
  /** The lobby's chat lines ({from, name, text}, the last 100) and who follows the lobby. */
  lobbyChat: [],
  lobbyPeople: { people: [], total: 0 },
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
  /** The cards last shown (火攻's 展示): {seat, cards}, until the next card is used. */
  shown: null,
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

const SLOTS = ['weapon', 'armor', 'defensive_horse', 'offensive_horse'];

/** What the fold needs of the rules, from the catalog. */
export const rules = {
  general: (id) => generalInfo(id),
  slot: (kind) => {
    const category = kindInfo(kind)?.category;
    const i = category && typeof category === 'object' ? SLOTS.indexOf(category.equip) : -1;
    return i >= 0 ? i : null;
  },
};

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
      store.publicUrl = msg.public_url ?? null;
      if (!msg.room) leaveRoom();
      break;
    case 'room_list':
      store.rooms = msg.rooms;
      store.roomsTotal = msg.total ?? msg.rooms.length;
      break;
    case 'lobby_update':
      applyLobbyUpdate(msg);
      break;
    case 'lobby_chat':
      store.lobbyChat.push({ from: msg.from, name: msg.name, text: msg.text });
      if (store.lobbyChat.length > 100) store.lobbyChat.shift();
      break;
    case 'lobby_people':
      store.lobbyPeople = { people: msg.people, total: msg.total };
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
      if (!applyEvents(store.view, msg.events, rules)) resync = true;
      for (const event of msg.events) {
        addLog({ kind: 'event', event });
        // 展示 (火攻): the shown card stays on the table until the next card is used.
        if (event.type === 'cards_shown') store.shown = { seat: event.seat, cards: event.cards };
        else if (event.type === 'card_used' || event.type === 'turn_ended') store.shown = null;
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
