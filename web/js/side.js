// side.js — the panel beside the table: the game log and the room's chat in two tabs (chat is
// never mixed into the log), quick phrases, and an unread count on the tab not shown.

import { $, h, fill } from './dom.js';
import { lang, t } from './i18n.js';
import { eventText } from './log.js';
import { store } from './state.js';

/** Quick phrases (i18n keys), sent as text in the sender's language. */
const PHRASES = ['q_hello', 'q_hurry', 'q_nice', 'q_mercy', 'q_thanks', 'q_gg'];

const panes = {
  log: { state: { epoch: -1, lang: null, last: null }, accepts: (e) => e.kind !== 'chat' },
  chat: { state: { epoch: -1, lang: null, last: null }, accepts: (e) => e.kind === 'chat' },
};
let shown = 'log';
let unread = 0;

function logLine(entry) {
  if (entry.kind === 'chat') return h('div.line.chat', { data: { testid: 'chat-line' } }, chatText(entry));
  if (entry.kind === 'info') return h('div.line.info', entry.text);
  const text = eventText(entry.event);
  return text ? h(`div.line.ev-${entry.event.type}`, { data: { testid: 'log-line' } }, text) : null;
}

/** A chat line with its speaker's place in the room (seat or spectator, host), which a name
 * alone cannot borrow. */
function chatText(entry) {
  const s = entry.speaker;
  if (!s) return t('l_chat', { name: entry.name, text: entry.text });
  const who = [s.seat === null || s.seat === undefined ? t('spectator') : t('seat_n', { n: s.seat + 1 })];
  if (s.host) who.push(t('host'));
  return t('l_chat_by', { name: entry.name, who: who.join(' · '), text: entry.text });
}

/** Appends the entries of `store.log` that `pane` has not drawn yet; returns how many. */
function drawPane(el, pane) {
  const st = pane.state;
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
  let from = 0;
  // A full redraw (a new room, the catalog, the language) shows old lines: none are unread.
  const redrawn = st.epoch !== store.logEpoch || st.lang !== lang;
  if (!redrawn) {
    from = st.last ? store.log.indexOf(st.last) + 1 : 0;
    if (st.last && from === 0) fill(el);
  } else {
    fill(el);
  }
  let added = 0;
  for (const entry of store.log.slice(from)) {
    if (!pane.accepts(entry)) continue;
    const line = logLine(entry);
    if (line) { el.append(line); added += 1; }
  }
  while (el.childElementCount > 400) el.firstElementChild.remove();
  st.epoch = store.logEpoch;
  st.lang = lang;
  st.last = store.log[store.log.length - 1] ?? null;
  if (atBottom || from === 0) el.scrollTop = el.scrollHeight;
  return redrawn ? 0 : added;
}

function show(which) {
  shown = which;
  if (which === 'chat') unread = 0;
  renderSide();
  if (which === 'chat') $('chat-input').focus();
}

/** Draws both panes and the tabs. */
export function renderSide() {
  drawPane($('log'), panes.log);
  const added = drawPane($('chat-log'), panes.chat);
  if (shown !== 'chat') unread += added;
  $('log').hidden = shown !== 'log';
  $('chat-pane').hidden = shown !== 'chat';
  for (const tab of document.querySelectorAll('#side-tabs [data-tab]')) {
    tab.classList.toggle('on', tab.dataset.tab === shown);
    tab.setAttribute('aria-selected', String(tab.dataset.tab === shown));
  }
  const badge = $('chat-unread');
  badge.hidden = unread === 0;
  badge.textContent = String(unread);
}

/** Wires the tabs, the chat form and the quick phrases; `say(text)` sends a chat line. */
export function initSide(say) {
  for (const tab of document.querySelectorAll('#side-tabs [data-tab]')) {
    tab.addEventListener('click', () => show(tab.dataset.tab));
  }
  $('chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('chat-input');
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    say(text);
  });
  const phrases = $('quick-phrases');
  const draw = () => fill(phrases, PHRASES.map((key) => h('button.btn.small', {
    type: 'button', data: { action: 'quick-phrase', phrase: key }, onclick: () => say(t(key)),
  }, t(key))));
  draw();
  document.addEventListener('sgs:lang', draw);
}
