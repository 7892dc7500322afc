// net.js — the WebSocket and the protocol's envelope: hello with the saved session token,
// command ids and their answers, reconnection with backoff. Message names mirror
// `sgs-protocol` (ClientMsg / ServerMsg, tagged by `type`).
//
// Several server processes behind one proxy (docs/cluster.md): a room's id names the process
// that made it (`n2-x4kq9m`), and its players use the room's own socket `/rooms/{id}/ws`, which
// the proxy sends to the process running the room — after a failover, the one that took it
// over. So once in such a room the client reconnects there; the lobby socket is `/ws`.

export const PROTOCOL_VERSION = 2;
const TOKEN_KEY = 'sgs.token';
/** The routed room the client is in, kept across reloads (its socket is the room's). */
const ROOM_KEY = 'sgs.room';
const NAME_KEY = 'sgs.name';

const storage = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) {
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch { /* private mode: the session lasts as long as the page */ }
  },
};

/** Failed tries of a room's socket before falling back to `/ws` (the room is gone): with the
 * backoff, about half a minute — longer than a room is away while another process takes it over. */
export const ROOM_TRIES = 8;

/** A room whose id names its server process (`n2-x4kq9m`): it has a socket of its own. */
export const routedRoom = (room) => typeof room === 'string' && /^[a-z0-9]+-[a-z0-9]+$/.test(room);

/** Messages that answer a command `id`. */
const ANSWERS = new Set(['ack', 'sync', 'room_list', 'catalog', 'pong', 'error']);

export class Net {
  /**
   * @param {(msg: object) => void} onMessage every ServerMsg, in order
   * @param {(status: 'connecting'|'open'|'closed'|'replaced') => void} onStatus
   */
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();
    this.backoff = 500;
    this.stopped = false;
    this.welcomed = false;
    this.queue = [];
    /** The routed room this client is in (or entering): its socket is used. Kept across a
     * reload, so the page comes back on the room's socket. */
    const saved = storage.get(ROOM_KEY);
    this.current = routedRoom(saved) ? saved : null;
    /** Tries of the room's socket that failed before a welcome. */
    this.roomMisses = 0;
    /** A `moveTo` waiting for its welcome: { room, resolve, reject }. */
    this.moving = null;
  }

  get room() { return this.current; }

  set room(room) {
    this.current = room;
    storage.set(ROOM_KEY, room);
  }

  /** The path of the socket to open: the room's while in a routed room. */
  path() {
    if (this.room && this.roomMisses < ROOM_TRIES) return `/rooms/${encodeURIComponent(this.room)}/ws`;
    return '/ws';
  }

  /**
   * Moves to `room`'s own socket before entering it (a routed room may run on another process
   * than this socket's). Resolves once welcomed there; rejects if the room's socket cannot be
   * opened (then the lobby socket is opened again).
   */
  moveTo(room) {
    if (!routedRoom(room)) return Promise.resolve();
    if (this.room === room && this.ws && this.welcomed) return Promise.resolve();
    if (this.moving) this.moving.reject({ code: 'disconnected', message: '' });
    this.room = room;
    this.roomMisses = 0;
    return new Promise((resolve, reject) => {
      this.moving = { room, resolve, reject };
      this.reconnect();
    });
  }

  /** What a message says about the room this client is in. */
  follow(msg) {
    const id = msg.type === 'welcome' ? (msg.room ?? null)
      : (msg.type === 'sync' || msg.type === 'room_state') ? msg.room?.id : undefined;
    if (id !== undefined) this.room = routedRoom(id) ? id : null;
    if (msg.type === 'left_room' && msg.room === this.room) this.room = null;
  }

  get name() { return storage.get(NAME_KEY) || ''; }

  /** Opens the socket (again); says hello with the saved token and nickname. */
  connect() {
    this.stopped = false;
    this.welcomed = false;
    this.onStatus('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const path = this.path();
    const ws = new WebSocket(`${scheme}://${location.host}${path}`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello', version: PROTOCOL_VERSION };
      const token = storage.get(TOKEN_KEY);
      if (token) hello.token = token;
      if (this.name) hello.name = this.name;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!this.welcomed && path !== '/ws') {
        // The room's socket was refused (no process runs the room yet, or any more).
        this.roomMisses += 1;
        if (this.moving) {
          const { reject } = this.moving;
          this.moving = null;
          this.room = null;
          reject({ code: 'no_such_room', message: '' });
        } else if (this.roomMisses >= ROOM_TRIES) {
          this.room = null;
        }
      }
      for (const { reject } of this.pending.values()) reject({ code: 'disconnected', message: '' });
      this.pending.clear();
      if (this.stopped) return;
      this.onStatus('closed');
      const delay = this.backoff;
      this.backoff = Math.min(this.backoff * 2, 5000);
      setTimeout(() => { if (!this.stopped && !this.ws) this.connect(); }, delay);
    };
  }

  receive(msg) {
    if (msg.type === 'welcome') {
      storage.set(TOKEN_KEY, msg.token);
      this.welcomed = true;
      this.backoff = 500;
      this.roomMisses = 0;
      if (this.moving) {
        // Welcomed on the room's socket: the room is entered next (not in it yet).
        const { room, resolve } = this.moving;
        this.moving = null;
        this.follow(msg);
        if (this.room === null) this.room = room;
        resolve();
      } else {
        this.follow(msg);
      }
      this.onStatus('open');
      const queued = this.queue;
      this.queue = [];
      for (const text of queued) this.ws?.send(text);
    }
    if (msg.type === 'error' && (msg.code === 'replaced' || msg.code === 'version_mismatch')) {
      this.stopped = true;
      this.onStatus('replaced');
    }
    if (msg.type !== 'welcome') this.follow(msg);
    if (ANSWERS.has(msg.type) && msg.id !== undefined && msg.id !== null) {
      const waiter = this.pending.get(msg.id);
      if (waiter) {
        this.pending.delete(msg.id);
        if (msg.type === 'error') waiter.reject(msg); else waiter.resolve(msg);
      }
    }
    this.onMessage(msg);
  }

  /**
   * Sends a command with a fresh `id`; resolves with its answer (`ack`, `sync`, …) or rejects
   * with the `error` message.
   */
  send(msg) {
    const id = this.nextId++;
    const text = JSON.stringify({ ...msg, id });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.ws && this.welcomed && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
      else this.queue.push(text);
    });
  }

  /** Saves a new nickname and says hello again with it (same session). */
  rename(name) {
    storage.set(NAME_KEY, name);
    this.reconnect();
  }

  reconnect() {
    const ws = this.ws;
    this.ws = null;
    if (ws) ws.close();
    for (const { reject } of this.pending.values()) reject({ code: 'disconnected', message: '' });
    this.pending.clear();
    this.connect();
  }
}
