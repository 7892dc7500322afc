// players.js — the records page (web/players.html): log in, claim the guest's name as an
// account, log out (here or everywhere), hide one's history; a player's profile (record by
// role, general and mode, ratings, recent games with their replays), the leaderboard and the
// generals' figures. Everything comes from the HTTP API (docs/protocol.md, "Accounts" and
// "Records"); the page only renders. The view lives in the URL hash: #me, #player=7,
// #leaderboard, #generals.

import { t, lang, setLang, translateStatic } from './i18n.js';

const $ = (id) => document.getElementById(id);
const ACCOUNT = 'sgs.account'; // the login token
const SESSION = 'sgs.token'; // what the game page says in hello

const store = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) {
    try { if (value == null) localStorage.removeItem(key); else localStorage.setItem(key, value); } catch { /* private mode */ }
  },
};

let catalog = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node[key] = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child != null) node.append(child);
  return node;
}

async function call(method, path, body) {
  const token = store.get(ACCOUNT) || store.get(SESSION);
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let json = null;
  try { json = await response.json(); } catch { json = null; }
  if (!response.ok) {
    const error = new Error(json?.error?.message ?? `HTTP ${response.status}`);
    error.code = json?.error?.code ?? `http_${response.status}`;
    throw error;
  }
  return json;
}

const pct = (rate) => `${(rate * 100).toFixed(1)}%`;

function generalName(id) {
  const general = catalog?.generals?.find((g) => g.id === id);
  return (general && (general[`name_${lang}`] || general.name_zh)) || id;
}

function keyName(kind, key) {
  if (kind === 'role') return t(`role_${key}`);
  if (kind === 'general') return generalName(key);
  if (kind === 'mode') {
    const mode = catalog?.modes?.find((m) => m.id === key);
    return (mode && (mode[`name_${lang}`] || mode.name_zh)) || key;
  }
  return key;
}

function errorText(error) {
  const key = `pl_err_${error.code}`;
  const text = t(key);
  return text === key ? error.message : text;
}

// ---- the account box -------------------------------------------------------------------------

async function refreshAccount() {
  $('account-status').textContent = '';
  let me = null;
  if (store.get(ACCOUNT)) {
    try { me = await call('GET', '/api/me'); } catch { store.set(ACCOUNT, null); }
  }
  const signedIn = Boolean(me?.account);
  $('signed-in').hidden = !signedIn;
  $('signed-out').hidden = signedIn;
  if (signedIn) {
    $('me-name').textContent = me.name;
    try {
      const profile = await call('GET', `/api/players/${me.player}`);
      $('private').checked = Boolean(profile.private);
    } catch { /* shown by the view */ }
  }
  return me;
}

function signedIn(answer) {
  store.set(ACCOUNT, answer.token);
  // The game page says this token in hello from now on: the account's session and seat.
  store.set(SESSION, answer.token);
  store.set('sgs.name', answer.account.name);
}

function wireAccount() {
  $('login-form').onsubmit = async (event) => {
    event.preventDefault();
    try {
      signedIn(await call('POST', '/api/login', { name: $('login-name').value, password: $('login-password').value }));
      $('login-password').value = '';
      await refreshAccount();
      route();
    } catch (error) {
      $('account-status').textContent = errorText(error);
    }
  };
  $('claim-form').onsubmit = async (event) => {
    event.preventDefault();
    const body = { password: $('claim-password').value };
    if ($('claim-name').value.trim()) body.name = $('claim-name').value;
    try {
      // The guest's session token names the player id (and games) to keep.
      const session = store.get(SESSION);
      if (!session) throw Object.assign(new Error(t('pl_err_unauthorized')), { code: 'unauthorized' });
      store.set(ACCOUNT, null);
      signedIn(await call('POST', '/api/accounts', body));
      $('claim-password').value = '';
      await refreshAccount();
      route();
    } catch (error) {
      $('account-status').textContent = errorText(error);
    }
  };
  const logout = (everywhere) => async () => {
    try { await call('POST', `/api/logout${everywhere ? '?everywhere=true' : ''}`, {}); } catch { /* gone already */ }
    store.set(ACCOUNT, null);
    store.set(SESSION, null);
    await refreshAccount();
    route();
  };
  $('logout').onclick = logout(false);
  $('logout-all').onclick = logout(true);
  $('private').onchange = async (event) => {
    try { await call('POST', '/api/me/privacy', { private: event.target.checked }); } catch (error) {
      $('account-status').textContent = errorText(error);
    }
  };
}

// ---- views -----------------------------------------------------------------------------------

function table(headers, rows, testid) {
  return el('table', { 'data-testid': testid },
    el('thead', {}, el('tr', {}, ...headers.map(([text, num]) => el('th', { text, class: num ? 'num' : '' })))),
    el('tbody', {}, ...rows.map((cells) => el('tr', {}, ...cells.map(([value, num]) =>
      el('td', { class: num ? 'num' : '' }, value instanceof Node ? value : String(value)))))));
}

function tallies(kind, list, testid) {
  return table(
    [[t(`pl_by_${kind}`)], [t('pl_games'), true], [t('pl_wins'), true], [t('pl_win_rate'), true], [t('pl_escape_rate'), true]],
    list.map((tally) => [[keyName(kind, tally.key)], [tally.games, true], [tally.wins, true], [pct(tally.win_rate), true], [pct(tally.escape_rate), true]]),
    testid,
  );
}

async function showPlayer(id) {
  const view = $('view');
  const profile = await call('GET', `/api/players/${id}`);
  const games = await call('GET', `/api/players/${id}/games?limit=20`);
  const total = profile.record.total;
  view.replaceChildren(
    el('h2', { text: profile.name ?? `#${id}`, 'data-testid': 'profile-name' }),
    el('p', { 'data-testid': 'profile-total', text: t('pl_total', { games: total.games, wins: total.wins, rate: pct(total.win_rate), escapes: pct(total.escape_rate) }) }),
    el('h3', { text: t('pl_ratings') }),
    profile.ratings.length
      ? table([[t('pl_mode')], [t('pl_rating'), true], [t('pl_score'), true], [t('pl_games'), true]],
        profile.ratings.map((r) => [[keyName('mode', r.mode)], [r.rating.toFixed(1), true], [r.score.toFixed(1), true], [r.games, true]]), 'profile-ratings')
      : el('p', { class: 'muted', text: t('pl_unrated') }),
    tallies('role', profile.record.by_role, 'profile-roles'),
    tallies('general', profile.record.by_general, 'profile-generals'),
    tallies('mode', profile.record.by_mode, 'profile-modes'),
    el('h3', { text: t('pl_recent') }),
    table([[t('pl_game')], [t('pl_when')], [t('pl_players')]],
      games.games.map((g) => [
        [el('a', { href: g.replay, text: `#${g.id}` })],
        [new Date(g.finished_at ?? g.started_at).toLocaleString()],
        [g.players.map((p) => p.name).join(', ')],
      ]), 'profile-games'),
  );
}

async function showLeaderboard(offset = 0) {
  const board = await call('GET', `/api/leaderboard?offset=${offset}&limit=50`);
  const rows = board.players.map((p) => [
    [p.rank, true],
    [el('a', { href: `#player=${p.account}`, text: p.name })],
    [p.score.toFixed(1), true], [p.rating.toFixed(1), true], [p.games, true],
  ]);
  const more = board.next_offset != null
    ? el('button', { class: 'btn', type: 'button', text: t('pl_more'), onclick: () => showLeaderboard(board.next_offset) })
    : null;
  $('view').replaceChildren(
    el('h2', { text: t('pl_leaderboard') }),
    el('p', { class: 'muted', text: t('pl_leaderboard_note') }),
    rows.length
      ? table([[t('pl_rank'), true], [t('pl_player')], [t('pl_score'), true], [t('pl_rating'), true], [t('pl_games'), true]], rows, 'leaderboard')
      : el('p', { 'data-testid': 'leaderboard-empty', text: t('pl_no_ratings') }),
    more,
  );
}

async function showGenerals() {
  const stats = await call('GET', '/api/generals?limit=100');
  const rows = stats.generals.map((g) => [
    [generalName(g.general)], [g.games, true], [pct(g.pick_rate), true], [pct(g.win_rate), true],
    [g.by_role.map((r) => `${t(`role_${r.role}`)} ${pct(r.win_rate)} (${r.games})`).join(' · ')],
  ]);
  $('view').replaceChildren(
    el('h2', { text: t('pl_generals') }),
    el('p', { class: 'muted', text: t('pl_generals_note', { games: stats.games }) }),
    table([[t('general')], [t('pl_games'), true], [t('pl_pick_rate'), true], [t('pl_win_rate'), true], [t('pl_by_role')]], rows, 'generals'),
  );
}

async function route() {
  const hash = new URLSearchParams(location.hash.slice(1));
  for (const link of document.querySelectorAll('nav a')) link.removeAttribute('aria-current');
  try {
    if (hash.has('player')) {
      await showPlayer(Number(hash.get('player')));
    } else if (hash.has('leaderboard')) {
      document.querySelector('[data-testid=nav-leaderboard]').setAttribute('aria-current', 'page');
      await showLeaderboard();
    } else if (hash.has('generals')) {
      document.querySelector('[data-testid=nav-generals]').setAttribute('aria-current', 'page');
      await showGenerals();
    } else {
      document.querySelector('[data-testid=nav-me]').setAttribute('aria-current', 'page');
      let me = null;
      try { me = await call('GET', '/api/me'); } catch { me = null; }
      if (me) await showPlayer(me.player);
      else $('view').replaceChildren(el('p', { text: t('pl_sign_in_first') }));
    }
  } catch (error) {
    $('view').replaceChildren(el('p', { class: 'error', 'data-testid': 'view-error', text: errorText(error) }));
  }
}

async function main() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  translateStatic();
  document.title = `${t('title')} · ${t('pl_title')}`;
  $('lang').onclick = () => setLang(lang === 'zh' ? 'en' : 'zh');
  document.addEventListener('sgs:lang', () => { translateStatic(); route(); });
  wireAccount();
  window.addEventListener('hashchange', route);
  try { catalog = await (await fetch('/catalog.json')).json(); } catch { catalog = null; }
  await refreshAccount();
  await route();
}

main();
