// net.js — the WebSocket and the protocol's envelope: hello with the saved session token,
// command ids and their answers, reconnection with backoff. Message names mirror
// `sgs-protocol` (ClientMsg / ServerMsg, tagged by `type`).

export const PROTOCOL_VERSION = 2;
const TOKEN_KEY = 'sgs.token';
const NAME_KEY = 'sgs.name';

const storage = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) {
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch { /* private mode: the session lasts as long as the page */ }
  },
};

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
  }

  get name() { return storage.get(NAME_KEY) || ''; }

  /** Opens the socket (again); says hello with the saved token and nickname. */
  connect() {
    this.stopped = false;
    this.welcomed = false;
    this.onStatus('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/ws`);
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
      this.onStatus('open');
      const queued = this.queue;
      this.queue = [];
      for (const text of queued) this.ws?.send(text);
    }
    if (msg.type === 'error' && (msg.code === 'replaced' || msg.code === 'version_mismatch')) {
      this.stopped = true;
      this.onStatus('replaced');
    }
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
