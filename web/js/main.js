// main.js — wires everything: the socket, the store, the views, the handlers; redraws at most
// once per animation frame after any change.

import { $, h, fill } from './dom.js';
import { hasCatalog, setCatalog } from './catalog.js';
import { lang, setLang, t, translateStatic } from './i18n.js';
import { eventText } from './log.js';
import { Net } from './net.js';
import * as prompt from './prompt.js';
import { renderDialog } from './dialog.js';
import { initLobby, readOptions, renderLobbySocial, renderRoom, renderRooms, renderRulesetForm } from './lobby.js';
import { apply, changed, mySeat, onChange, saveLog, showError, store } from './state.js';
import { renderTable } from './table.js';
import { hideTip, initTooltips } from './tooltip.js';
import { focusKey, initKeys, restoreFocus } from './keys.js';
import { initSide, renderSide } from './side.js';
import * as effects from './effects.js';
import { muted, setMuted, skipEmptyWindows } from './settings.js';

let resyncing = false;
const net = new Net(onMessage, (status) => {
  store.status = status;
  if (status !== 'open') lobbySubscribed = false;
  changed();
});

/** Whether this connection is subscribed to the lobby (only while the lobby is shown). */
let lobbySubscribed = false;

function followLobby() {
  const want = store.status === 'open' && !store.room;
  if (want === lobbySubscribed) return;
  lobbySubscribed = want;
  send({ type: 'subscribe_lobby', on: want });
}

function onMessage(msg) {
  if (msg.type === 'welcome') {
    if (!hasCatalog()) send({ type: 'get_catalog' });
    lobbySubscribed = false; // a new connection starts unsubscribed
    $('nick').value = msg.name;
  }
  if (msg.type === 'catalog') {
    setCatalog(msg.catalog);
    renderRulesetForm();
    store.logEpoch++; // lines drawn before the catalog named cards and generals by id
  }
  if (msg.type === 'left_room' && msg.reason !== 'left') toast(t(`left_${msg.reason}`));
  if (msg.type === 'sync') resyncing = false;
  const before = store.prompt?.prompt_id ?? null;
  if (apply(msg) && !resyncing) {
    resyncing = true;
    send({ type: 'resync' });
  }
  if (msg.type === 'update') effects.onEvents(msg.events, mySeat());
  const now = store.prompt;
  if (now && now.prompt_id !== before && mySeat() !== null && now.prompt.seat === mySeat()
      && !(skipEmptyWindows() && prompt.onlyPassWindow(now.prompt))) effects.onPrompt();
  followLobby();
}

const ERRORS = {
  wrong_password: 'err_wrong_password', no_such_room: 'err_no_such_room', room_full: 'err_room_full',
  storage_unavailable: 'err_storage_unavailable', too_many_attempts: 'err_too_many_attempts',
  server_full: 'err_server_full', spectators_full: 'err_spectators_full',
  banned: 'err_banned', muted: 'err_muted', chat_too_fast: 'err_chat_too_fast',
};

function toast(text) {
  const el = $('toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
}

/** Errors that are races, not mistakes: nothing to tell the player. */
const QUIET = new Set(['disconnected', 'stale_prompt', 'not_your_turn']);

function fail(error) {
  if (!error || QUIET.has(error.code)) return;
  showError(error);
  toast(ERRORS[error.code] ? t(ERRORS[error.code]) : `${t('error')}: ${error.message || error.code}`);
}

/** Sends a command; errors become a toast. Resolves with the answer, or null. */
function send(msg) {
  return net.send(msg).catch((error) => { fail(error); return null; });
}

/** Asks for a password in a small modal. Resolves with it, or null when cancelled. */
function askPassword() {
  const box = $('password-box');
  const input = $('password-input');
  input.value = '';
  box.hidden = false;
  input.focus();
  return new Promise((resolve) => {
    const done = (value) => { box.hidden = true; $('password-form').onsubmit = null; $('password-cancel').onclick = null; resolve(value); };
    $('password-form').onsubmit = (e) => { e.preventDefault(); done(input.value); };
    $('password-cancel').onclick = () => done(null);
  });
}

async function enter(room, spectate, secret = {}) {
  const msg = { type: spectate ? 'spectate' : 'join_room', room, ...secret };
  // A room whose id names its server process (several behind one proxy) is entered on its own
  // socket; if no process answers for it, it is gone.
  try { await net.moveTo(room); } catch (error) { fail(error); return; }
  try {
    await net.send(msg);
  } catch (error) {
    // A private room answers like an unknown one until it is given its password or invite
    // (so nobody can tell it exists): ask for the password before saying it is not there.
    const maybePrivate = error.code === 'no_such_room' && !secret.invite;
    if ((error.code === 'wrong_password' || maybePrivate) && !secret.password) {
      const password = await askPassword();
      if (password !== null) return enter(room, spectate, { ...secret, password });
      return;
    }
    fail(error);
  }
}

const lobbyHandlers = {
  create() {
    let options;
    try { options = readOptions(); } catch (error) { fail({ code: 'bad_options', message: String(error.message) }); return; }
    if (!options.name && store.me) options.name = t('default_room', { name: store.me.name }).slice(0, 40);
    send({ type: 'create_room', options });
  },
  async join(room, spectate) {
    if (room.has_password) {
      const password = await askPassword();
      if (password === null) return;
      return enter(room.id, spectate, { password });
    }
    return enter(room.id, spectate);
  },
  joinByCode(spectate) {
    const form = $('join-form');
    const room = form.elements.room.value.trim();
    if (!room) return;
    const secret = {};
    if (form.elements.invite.value.trim()) secret.invite = form.elements.invite.value.trim();
    if (form.elements.password.value) secret.password = form.elements.password.value;
    enter(room, spectate, secret);
  },
  rename(name) { if (name) net.rename(name); },
};

const roomHandlers = {
  addBot: (seat) => send({ type: 'add_bot', seat }),
  removeBot: (seat) => send({ type: 'remove_bot', seat }),
  kick: (player) => send({ type: 'kick', player }),
  takeSeat: (seat) => send({ type: 'take_seat', seat }),
  start: () => send({ type: 'start_game' }),
  leave: () => send({ type: 'leave_room' }),
  copy: (text) => copyText(text).then((done) => toast(t(done ? 'copied' : 'copy_failed'))),
};

/** Puts `text` on the clipboard: the Clipboard API where the page may use it (https, localhost),
 * else the older copy command on a hidden field (plain http on a LAN). */
async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = h('textarea', { readonly: true, style: { position: 'fixed', opacity: '0' } }, text);
    document.body.append(field);
    field.select();
    const done = document.execCommand('copy');
    field.remove();
    return done;
  }
}

let model = null;

function act(action) {
  const pending = store.prompt;
  if (!pending || store.answered === pending.prompt_id || mySeat() === null) return;
  store.answered = pending.prompt_id;
  prompt.clearSelection();
  changed();
  net.send({ type: 'act', seat: mySeat(), action, prompt_id: pending.prompt_id }).catch((error) => {
    if (store.answered === pending.prompt_id) store.answered = null;
    fail(error);
    changed();
  });
}

/** The player touches the table while its seat is in 托管: take the seat back at once. */
function reclaim() {
  const me = mySeat();
  if (me !== null && store.room?.seats[me]?.trusteeship) send({ type: 'trusteeship', on: false });
}

/** The selection changed: the model follows at once (the next key may come before the next
 * frame draws it), the page on the next frame. */
function reselected() {
  if (model && store.prompt) model = prompt.analyze(store.prompt);
  changed();
}

const tableHandlers = {
  card(id) { reclaim(); if (model && prompt.toggleCard(model, id)) reselected(); },
  seat(seat) { reclaim(); if (model && prompt.toggleSeat(model, seat)) reselected(); },
  skill(skill, direct) {
    reclaim();
    if (!model) return;
    if (direct) act(direct); else if (prompt.toggleSkill(model, skill)) reselected();
  },
  confirm() { if (model?.answer) act(model.answer); },
  clear() { prompt.clearSelection(); reselected(); },
  act,
  arrangeMove(id) { if (model) { prompt.arrangeMove(model, id); changed(); } },
  arrangeShift(id, delta) { if (model) { prompt.arrangeShift(model, id, delta); changed(); } },
  trusteeship: (on) => send({ type: 'trusteeship', on }),
  redraw: () => changed(),
  rematch: () => send({ type: 'rematch' }),
  leave: () => send({ type: 'leave_room' }),
  report: (player, name) => reportPlayer(player, name),
};

/** Reports a player of the finished game to the server's operator (POST /api/reports). */
async function reportPlayer(player, name) {
  const reason = window.prompt(t('report_why', { name }));
  if (!reason || !reason.trim()) return;
  let token = null;
  try { token = localStorage.getItem('sgs.token'); } catch { token = null; }
  try {
    const response = await fetch('/api/reports', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ player, reason }),
    });
    window.alert(response.ok ? t('report_sent') : t('report_failed'));
  } catch {
    window.alert(t('report_failed'));
  }
}

// ---- drawing ------------------------------------------------------------------------------

let frame = 0;
onChange(() => { if (!frame) frame = requestAnimationFrame(render); });

function render() {
  frame = 0;
  const focused = focusKey();
  const status = $('status');
  status.textContent = store.status === 'open' ? `${t('connected')} · ${store.me?.name ?? ''}`
    : store.status === 'replaced' ? t('replaced') : store.status === 'connecting' ? t('connecting') : t('disconnected');
  status.dataset.status = store.status;
  const room = store.room;
  const playing = room && store.view && room.state !== 'waiting';
  $('lobby').hidden = !!room;
  $('room').hidden = !room || !!playing;
  $('game').hidden = !playing;
  $('side').hidden = !room;
  document.body.dataset.screen = playing ? 'game' : room ? 'room' : 'lobby';
  $('room-title').textContent = room ? room.name : '';
  if (!room) {
    renderRooms(lobbyHandlers);
    renderLobbySocial();
    model = null;
  } else if (!playing) {
    renderRoom($('room'), roomHandlers);
    model = null;
  } else {
    model = renderTable($('table'), tableHandlers);
  }
  renderDialog($('dialog'), playing ? model : null, tableHandlers);
  if (room) { renderSide(); saveLog(); }
  restoreFocus(focused);
  if (playing) effects.fly();
  tick();
}

/** Updates every countdown from its deadline (no redraw needed). */
function tick() {
  const now = performance.now();
  for (const el of document.querySelectorAll('.countdown')) {
    const left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - now) / 1000));
    const text = t('seconds', { n: left });
    if (el.textContent !== text) el.textContent = text;
    el.classList.toggle('low', left <= 5);
  }
}

function init() {
  setLang(lang);
  translateStatic();
  initLobby(lobbyHandlers);
  initTooltips();
  const mute = $('mute');
  const drawMute = () => {
    mute.textContent = t(muted() ? 'sound_is_off' : 'sound_is_on');
    mute.title = t(muted() ? 'sound_on' : 'sound_off');
    mute.setAttribute('aria-pressed', String(muted()));
  };
  drawMute();
  mute.addEventListener('click', () => { setMuted(!muted()); drawMute(); });
  document.addEventListener('sgs:lang', drawMute);
  $('lang').addEventListener('click', () => {
    setLang(lang === 'zh' ? 'en' : 'zh');
    translateStatic();
    renderRulesetForm();
    hideTip();
    changed();
  });
  initSide((text) => send({ type: 'chat', text }));
  $('lobby-chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('lobby-chat-input');
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    send({ type: 'lobby_chat', text });
  });
  initKeys(() => (mySeat() === null || !store.view ? null : { model, seats: store.view.seats.length, hand: store.view.seats[mySeat()]?.hand ?? [] }), tableHandlers);
  setInterval(tick, 250);
  $('nick').value = net.name;
  net.connect();
  changed();
}

init();
