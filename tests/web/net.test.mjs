// Checks web/js/net.js's choice of socket with several server processes (docs/cluster.md):
// `/ws` for the lobby, a routed room's own `/rooms/{id}/ws` once in it — also to reconnect after
// its process died or it moved (close 1012) — back to `/ws` when the room is left or gone, and
// `moveTo` before entering a room another process may run. Run by `cargo test -p sgs-server
// --test it -- web_net` (Node 18+), or `node tests/web/net.test.mjs`.

import assert from 'node:assert/strict';

const opened = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.readyState = 0;
    opened.push(this);
  }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; this.onclose?.(); }
  // What the server does:
  open() { this.readyState = 1; this.onopen?.(); }
  say(msg) { this.onmessage?.({ data: JSON.stringify(msg) }); }
  drop() { this.readyState = 3; this.onclose?.(); }
}
const timers = [];
globalThis.WebSocket = FakeSocket;
globalThis.location = { protocol: 'http:', host: 'proxy' };
globalThis.localStorage = new Map();
globalThis.localStorage.getItem = function (k) { return this.has(k) ? this.get(k) : null; };
globalThis.localStorage.setItem = function (k, v) { this.set(k, v); };
globalThis.localStorage.removeItem = function (k) { this.delete(k); };
// Reconnection timers run when the test says so.
globalThis.setTimeout = (f) => { timers.push(f); return timers.length; };
const tick = () => { while (timers.length) timers.shift()(); };

const { Net, ROOM_TRIES, routedRoom } = await import('../../web/js/net.js');
const last = () => opened[opened.length - 1];
const path = () => last().url.replace('ws://proxy', '');

assert.ok(routedRoom('n2-x4kq9m'));
assert.ok(!routedRoom('x4kq9m'), 'a room of a lone server has no socket of its own');

const net = new Net(() => {}, () => {});
net.connect();
assert.equal(path(), '/ws');
last().open();
assert.equal(last().sent[0].type, 'hello');
last().say({ type: 'welcome', player: 1, name: 'a', token: 't1', room: null });

// Created a room (on whichever process the lobby socket reached): its socket from now on.
last().say({ type: 'sync', seq: 1, room: { id: 'n1-abc' }, you: {} });
assert.equal(net.room, 'n1-abc');
last().drop(); // the process died
tick();
assert.equal(path(), '/rooms/n1-abc/ws');
// Nobody runs it yet (404 before the upgrade): keep trying the room's socket for a while.
for (let i = 1; i < ROOM_TRIES; i++) {
  last().drop();
  tick();
  assert.equal(path(), '/rooms/n1-abc/ws', `try ${i}`);
}
// Taken over: the token resumes the seat there.
last().open();
assert.equal(last().sent[0].token, 't1');
last().say({ type: 'welcome', player: 1, name: 'a', token: 't1', room: 'n1-abc' });
assert.equal(net.room, 'n1-abc');
// Moved again (close 1012): back at the room's URL.
last().drop();
tick();
assert.equal(path(), '/rooms/n1-abc/ws');
last().open();
last().say({ type: 'welcome', player: 1, name: 'a', token: 't1', room: 'n1-abc' });

// Left the room: the lobby socket next time.
last().say({ type: 'left_room', room: 'n1-abc', reason: 'left' });
assert.equal(net.room, null);
last().drop();
tick();
assert.equal(path(), '/ws');
last().open();
last().say({ type: 'welcome', player: 1, name: 'a', token: 't1', room: null });

// A room that stays gone: after ROOM_TRIES refusals the lobby socket again.
last().say({ type: 'room_state', seq: 2, room: { id: 'n3-zzz' }, you: {} });
last().drop();
tick();
for (let i = 0; i < ROOM_TRIES; i++) {
  assert.equal(path(), '/rooms/n3-zzz/ws');
  last().drop();
  tick();
}
assert.equal(path(), '/ws');
assert.equal(net.room, null);
last().open();
last().say({ type: 'welcome', player: 1, name: 'a', token: 't1', room: null });

// Entering a room of another process: moveTo opens its socket, then the join goes there.
const moved = net.moveTo('n2-def');
assert.equal(path(), '/rooms/n2-def/ws');
last().open();
last().say({ type: 'welcome', player: 7, name: 'a', token: 't2', room: null });
await moved;
assert.equal(net.room, 'n2-def', 'entering it: its socket stays');
const joined = net.send({ type: 'join_room', room: 'n2-def' });
assert.equal(last().sent[1].type, 'join_room');
last().say({ type: 'sync', id: last().sent[1].id, seq: 1, room: { id: 'n2-def' }, you: {} });
await joined;
// Already there: nothing to do.
const count = opened.length;
await net.moveTo('n2-def');
assert.equal(opened.length, count);

// A room no process answers for: moveTo fails and the lobby socket opens again.
const failed = net.moveTo('n9-gone');
assert.equal(path(), '/rooms/n9-gone/ws');
last().drop();
await assert.rejects(failed, (e) => e.code === 'no_such_room');
tick();
assert.equal(path(), '/ws');

// A lone server's room (no node in its id): the lobby socket, as always.
await net.moveTo('abc123');
assert.equal(path(), '/ws');
last().open();
last().say({ type: 'welcome', player: 7, name: 'a', token: 't2', room: null });

// A reload in a routed room comes back on the room's socket (its id is kept with the token).
last().say({ type: 'sync', seq: 3, room: { id: 'n2-def' }, you: {} });
const reloaded = new Net(() => {}, () => {});
reloaded.connect();
assert.equal(path(), '/rooms/n2-def/ws');
last().open();
assert.equal(last().sent[0].token, 't2');
last().say({ type: 'left_room', room: 'n2-def', reason: 'left' });
assert.equal(new Net(() => {}, () => {}).room, null, 'left: the lobby next time');

console.log('net.test.mjs: ok');
