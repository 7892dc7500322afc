// tooltip.js — card, skill and general descriptions on hover (mouse) or long-press (touch),
// in the current language. Elements opt in with `data-tip="card:<id>" | "kind:<kind>" |
// "skill:<id>" | "general:<id>"`.

import { $, h, fill } from './dom.js';
import {
  cardLabel, categoryName, face, generalInfo, generalName, kindInfo, kindName, kindText, skillInfo,
  skillName, skillText,
} from './catalog.js';
import { t } from './i18n.js';

function skillBlock(id) {
  const info = skillInfo(id);
  const tags = [info?.compulsory ? t('compulsory') : null, info?.lord ? t('lord_skill') : null].filter(Boolean);
  return h('div.tip-skill', h('b', skillName(id)), tags.length ? ` (${tags.join(', ')})` : '', h('p', skillText(id)));
}

function kindBlock(kind, title) {
  const info = kindInfo(kind);
  return [h('b', title ?? kindName(kind)),
    info ? h('div.note', categoryName(info.category), info.range ? ` · ${t('range', { n: info.range })}` : '') : null,
    h('p', kindText(kind))];
}

/** The tooltip's content for a `data-tip` value, or null. */
export function tipContent(tip) {
  const [type, id] = tip.split(':');
  switch (type) {
    case 'card': {
      const f = face(Number(id));
      return f ? kindBlock(f.kind, cardLabel(f.id)) : null;
    }
    case 'kind': return kindBlock(id);
    case 'skill': return skillBlock(id);
    case 'general': {
      const g = generalInfo(id);
      if (!g) return null;
      return [h('b', generalName(id)), h('div.note', `${t(`kingdom_${g.kingdom}`)} · ${g.max_hp}`),
        g.skills.map(skillBlock)];
    }
    default: return null;
  }
}

let shownFor = null;

function show(target, x, y) {
  const content = tipContent(target.dataset.tip);
  const tip = $('tooltip');
  if (!content) return;
  shownFor = target;
  fill(tip, content);
  tip.hidden = false;
  const w = tip.offsetWidth;
  const ht = tip.offsetHeight;
  const left = Math.max(4, Math.min(window.innerWidth - w - 4, x + 12));
  const top = y + 16 + ht > window.innerHeight ? Math.max(4, y - ht - 12) : y + 16;
  tip.style.left = `${left}px`;
  tip.style.top = `${top}px`;
}

export function hideTip() {
  shownFor = null;
  const tip = $('tooltip');
  if (tip) tip.hidden = true;
}

/** Installs the hover and long-press listeners on the document. */
export function initTooltips() {
  let last = null;
  document.addEventListener('mouseover', (e) => {
    if (e.sourceCapabilities?.firesTouchEvents) return;
    // The table redrawn under a pointer that did not move is not the player pointing elsewhere.
    const still = last !== null && last.x === e.clientX && last.y === e.clientY;
    last = { x: e.clientX, y: e.clientY };
    if (still && shownFor) return;
    const target = e.target.closest?.('[data-tip]');
    if (!target) { if (shownFor) hideTip(); return; }
    if (target !== shownFor) show(target, e.clientX, e.clientY);
  });
  document.addEventListener('mouseleave', hideTip);
  let timer = null;
  let longPressed = false;
  document.addEventListener('touchstart', (e) => {
    const target = e.target.closest?.('[data-tip]');
    longPressed = false;
    clearTimeout(timer);
    if (!target) { hideTip(); return; }
    const touch = e.touches[0];
    timer = setTimeout(() => { longPressed = true; show(target, touch.clientX, touch.clientY); }, 500);
  }, { passive: true });
  const cancel = () => clearTimeout(timer);
  document.addEventListener('touchmove', cancel, { passive: true });
  document.addEventListener('touchend', cancel, { passive: true });
  // The click that ends a long press only shows the description; it does not choose.
  document.addEventListener('click', (e) => {
    if (longPressed) { longPressed = false; e.stopPropagation(); e.preventDefault(); }
  }, true);
  document.addEventListener('contextmenu', (e) => { if (e.target.closest?.('[data-tip]')) e.preventDefault(); });
}
