// effects.js — motion and sound for what happens at the table: a seat that takes damage, loses
// HP, recovers, is dying or dies flashes (a CSS animation that survives redraws: each redraw
// sets the animation back by the time already played), a card used or played lands in the
// middle, and short synthesised sounds (Web Audio, no files) mark cards, damage, recovery,
// death, my turn and my prompts. Muting is remembered per browser; `prefers-reduced-motion`
// turns the motion off (style.css). Nothing here delays input or hides the prompt.

import { muted } from './settings.js';
import { backEl, cardEl } from './ui.js';

/** How long each seat effect plays (ms): matches the keyframes in style.css. */
const LENGTH = { damage: 700, heal: 700, dying: 1600, death: 1200 };

const active = new Map(); // seat -> {kind, at}
let landed = { at: 0, cards: [] }; // cards that just reached the middle
let flights = []; // cards moved by the last update, flown after the next draw: {card, from, to}

/** Cards flown so far (the browser tests read `window.sgsFlights`). */
globalThis.sgsFlights = 0;

/** Sounds played, newest last (at most 50; the browser tests read `window.sgsSounds`). */
export const played = [];
globalThis.sgsSounds = played;

let audio = null;
function context() {
  if (audio === null) {
    try { audio = new AudioContext(); } catch { audio = false; }
  }
  return audio || null;
}

/** A short synthesised tone sequence: [frequency Hz, ms] steps of one waveform. */
const SOUNDS = {
  card: { wave: 'triangle', steps: [[660, 40], [880, 50]], gain: 0.05 },
  damage: { wave: 'sawtooth', steps: [[180, 90], [110, 120]], gain: 0.08 },
  heal: { wave: 'sine', steps: [[520, 80], [780, 120]], gain: 0.06 },
  death: { wave: 'square', steps: [[220, 150], [165, 150], [110, 300]], gain: 0.05 },
  turn: { wave: 'sine', steps: [[880, 70], [1320, 110]], gain: 0.05 },
  prompt: { wave: 'sine', steps: [[1040, 60]], gain: 0.04 },
};

export function sound(name) {
  if (muted()) return;
  played.push(name);
  if (played.length > 50) played.shift();
  const spec = SOUNDS[name];
  const ctx = context();
  if (!spec || !ctx) return;
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  let t = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = spec.wave;
  gain.gain.setValueAtTime(spec.gain, t);
  for (const [freq, ms] of spec.steps) {
    osc.frequency.setValueAtTime(freq, t);
    t += ms / 1000;
  }
  gain.gain.exponentialRampToValueAtTime(0.0001, t);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(t + 0.02);
}

function mark(seat, kind) {
  active.set(seat, { kind, at: performance.now() });
}

/** Starts the effects of an update's `events`; `me` is my seat (or null). */
export function onEvents(events, me) {
  let sounded = null;
  const loud = (name, rank) => { if (!sounded || rank > sounded.rank) sounded = { name, rank }; };
  for (const e of events) {
    if (e.type === 'cards_moved') {
      e.cards.forEach((card, i) => flights.push({ card, from: e.from[i], to: e.to }));
    }
    switch (e.type) {
      case 'damaged': mark(e.target, 'damage'); loud('damage', 3); break;
      case 'hp_lost': mark(e.seat, 'damage'); loud('damage', 3); break;
      case 'recovered': mark(e.seat, 'heal'); loud('heal', 2); break;
      case 'dying': mark(e.seat, 'dying'); break;
      case 'died': mark(e.seat, 'death'); loud('death', 4); break;
      case 'card_used':
      case 'card_played':
        landed = { at: performance.now(), cards: [...(e.card?.cards ?? [])] };
        loud('card', 1);
        break;
      case 'turn_started': if (e.seat === me) loud('turn', 2); break;
      default: break;
    }
  }
  if (sounded) sound(sounded.name);
}

/** The element a zone is drawn in: a seat's box (its hand, equipment or judgment area), the
 * draw pile, or the middle of the table. */
function zoneElement(zone) {
  if (!zone) return null;
  if (typeof zone.seat === 'number') {
    return document.querySelector(`#table [data-testid=seat][data-seat="${zone.seat}"]`);
  }
  if (zone.zone === 'draw_pile') return document.querySelector('#table [data-testid=draw-pile]');
  return document.querySelector('#table [data-testid=center] .played') ?? document.querySelector('#table [data-testid=center]');
}

/** After a draw: flies each card the last update moved from where it was to where it went (a
 * copy over the table that takes no clicks and is gone in 0.4 s). */
export function fly() {
  const pending = flights.slice(-8);
  flights = [];
  if (!pending.length || document.hidden) return;
  if (globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const layer = document.getElementById('flights');
  if (!layer) return;
  for (const { card, from, to } of pending) {
    const a = zoneElement(from)?.getBoundingClientRect();
    const b = zoneElement(to)?.getBoundingClientRect();
    if (!a || !b || (a.x === b.x && a.y === b.y)) continue;
    const ghost = card === null ? backEl('') : cardEl(card, {}, '.small');
    ghost.classList.add('flight');
    const x0 = a.left + a.width / 2 - 25;
    const y0 = a.top + a.height / 2 - 35;
    ghost.style.left = `${x0}px`;
    ghost.style.top = `${y0}px`;
    layer.append(ghost);
    globalThis.sgsFlights += 1;
    const dx = b.left + b.width / 2 - 25 - x0;
    const dy = b.top + b.height / 2 - 35 - y0;
    const motion = ghost.animate(
      [{ transform: 'translate(0, 0)', opacity: 0.95 }, { transform: `translate(${dx}px, ${dy}px)`, opacity: 0.6 }],
      { duration: 400, easing: 'ease-in-out' },
    );
    motion.onfinish = () => ghost.remove();
    setTimeout(() => ghost.remove(), 800);
  }
}

/** A new prompt for me: a soft ping (not for windows the page does not show). */
export function onPrompt() {
  sound('prompt');
}

/** Extra properties for seat `seat`'s box: its effect class and how far it has played. */
export function seatEffect(seat) {
  const fx = active.get(seat);
  if (!fx) return null;
  const elapsed = performance.now() - fx.at;
  if (elapsed >= LENGTH[fx.kind]) { active.delete(seat); return null; }
  return { cls: `.fx-${fx.kind}`, style: { 'animation-delay': `${-Math.round(elapsed)}ms` } };
}

/** Properties for a card in the middle that has just landed there. */
export function landedEffect(id) {
  const elapsed = performance.now() - landed.at;
  if (elapsed >= 400 || !landed.cards.includes(id)) return null;
  return { cls: '.fx-land', style: { 'animation-delay': `${-Math.round(elapsed)}ms` } };
}
