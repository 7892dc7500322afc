// settings.js — the player's own preferences, remembered per browser (localStorage); nothing
// here is sent to the server.

const SKIP_EMPTY_WINDOWS = 'sgs.skipEmptyWindows';

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function write(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: for this page only */ }
}

const MUTED = 'sgs.muted';

/** Sound off (remembered per browser; sound is on unless turned off). */
export function muted() {
  return read(MUTED) === 'on';
}

export function setMuted(on) {
  write(MUTED, on ? 'on' : 'off');
}

/** "Don't ask me for 闪/桃/无懈可击 when I hold none" (on unless turned off). */
export function skipEmptyWindows() {
  return read(SKIP_EMPTY_WINDOWS) !== 'off';
}

export function setSkipEmptyWindows(on) {
  write(SKIP_EMPTY_WINDOWS, on ? 'on' : 'off');
}
