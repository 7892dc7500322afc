// ui.js — small shared widgets: a card face, a face-down card, a mini equipment card, buttons.

import { h } from './dom.js';
import { face, isRed, kindInfo, kindName, natureName, rankText, suitSymbol } from './catalog.js';
import { emblem } from './art.js';
import { t } from './i18n.js';

/** A card face for physical card `id`. `props` are extra element properties. */
export function cardEl(id, props = {}, cls = '') {
  const f = face(id);
  if (!f) return h(`div.card.unknown${cls}`, props, '?');
  const color = isRed(f.suit) ? '.red' : '.black';
  const nature = f.nature && f.nature !== 'normal' ? `.n-${f.nature}` : '';
  const name = natureName(f.kind, f.nature);
  return h(`div.card${color}${nature}${nameFit(name)}${cls}`, { ...props, data: { card: id, tip: `card:${id}`, nature: f.nature ?? null, ...(props.data ?? {}) } },
    h('span.corner', suitSymbol(f.suit), h('b', rankText(f.rank))),
    h('span.name', name),
    h('span.category', categoryText(f.kind)),
    h('span.card-emblem', emblem(f.kind, 18)));
}

/** A card kind's category in a word: 基本 / 锦囊 / 延时 / 装备 (Basic, Trick, Delayed, Equip). */
function categoryText(kind) {
  const c = kindInfo(kind)?.category;
  const key = typeof c === 'object' && c ? 'equip' : c;
  return key ? t(`cat_${key}`) : '';
}

/** A class that makes room for a card name's longest word (English names are never broken
 * inside a word): `.w-long` from 8 letters, `.w-longer` from 11. */
function nameFit(name) {
  const longest = Math.max(0, ...name.split(/\s+/).map((word) => word.length));
  if (!/[A-Za-z]/.test(name)) return '';
  return longest >= 11 ? '.w-longer' : longest >= 8 ? '.w-long' : '';
}

/** A face-down card (another seat's hand card). */
export function backEl(label, props = {}) {
  return h('div.card.back', props, h('span.name', label ?? t('face_down')));
}

/** A one-line equipment / judgment card: ♠A 诸葛连弩. */
export function miniEl(id, kindOverride, props = {}, cls = '') {
  const f = face(id);
  const kind = kindOverride ?? f?.kind;
  const color = f && isRed(f.suit) ? '.red' : '.black';
  return h(`span.mini${color}${cls}`, { ...props, data: { card: id, tip: `kind:${kind}`, ...(props.data ?? {}) } },
    f ? `${suitSymbol(f.suit)}${rankText(f.rank)} ` : '', kind ? kindName(kind) : '?');
}

export function button(label, action, onclick, props = {}, cls = '') {
  return h(`button.btn${cls}`, { type: 'button', ...props, data: { action, ...(props.data ?? {}) }, onclick }, label);
}
