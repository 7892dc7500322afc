// The replay viewer's HTTP calls: the catalog and the finished-games API (docs/protocol.md,
// "HTTP API"). Every call resolves to parsed JSON or throws an Error carrying the server's
// error code and message.

// Who asks: the account's login token (sgs.account) or the game page's session token
// (sgs.token), so a game's players see its private games and its open cards.
function authorization() {
  try {
    const token = localStorage.getItem("sgs.account") || localStorage.getItem("sgs.token");
    return token ? { Authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: "application/json", ...authorization() } });
  let body = null;
  try {
    body = await response.json();
  } catch (_) {
    body = null;
  }
  if (!response.ok) {
    const error = new Error(body?.error?.message ?? `${path}: HTTP ${response.status}`);
    error.code = body?.error?.code ?? `http_${response.status}`;
    throw error;
  }
  return body;
}

/** The card, skill and general catalog. */
export function catalog() {
  return getJson("/catalog.json");
}

/** A page of finished games, newest first: `{games, next_before}`. */
export function listGames(before, limit = 20) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before != null) query.set("before", String(before));
  return getJson(`/api/games?${query}`);
}

/** One finished game's replay for `viewer` ("all", "spectator" or a seat number). */
export function replay(id, viewer) {
  const query = new URLSearchParams({ viewer: String(viewer) });
  return getJson(`/api/games/${encodeURIComponent(id)}/replay?${query}`);
}
