// catalog.js — the server's catalog: card ids to faces, and the names and texts of card kinds,
// skills and generals in the current language.

import { lang, t } from './i18n.js';

let catalog = null;
const kinds = new Map();
const skills = new Map();
const generals = new Map();

/** Stores the `catalog` message's catalog. */
export function setCatalog(c) {
  catalog = c;
  kinds.clear(); skills.clear(); generals.clear();
  for (const k of c.card_kinds) kinds.set(k.kind, k);
  for (const s of c.skills) skills.set(s.id, s);
  for (const g of c.generals) generals.set(g.id, g);
}

export const hasCatalog = () => catalog !== null;

/** The physical card `id`: {id, suit, rank, kind, ex}, or null. */
export const face = (id) => (catalog && id !== null && id !== undefined ? catalog.cards[id] ?? null : null);

const pick = (info, field) => (info ? info[`${field}_${lang}`] || info[`${field}_zh`] : null);

export const kindInfo = (kind) => kinds.get(kind) ?? null;
export const skillInfo = (id) => skills.get(id) ?? null;
export const generalInfo = (id) => generals.get(id) ?? null;

export const kindName = (kind) => pick(kinds.get(kind), 'name') ?? String(kind);
export const kindText = (kind) => pick(kinds.get(kind), 'text') ?? '';
export const skillName = (id) => pick(skills.get(id), 'name') ?? String(id);
export const skillText = (id) => pick(skills.get(id), 'text') ?? '';
export const generalName = (id) => pick(generals.get(id), 'name') ?? String(id);

export const SUITS = { spade: '♠', heart: '♥', club: '♣', diamond: '♦' };
const RANKS = [null, 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export const suitSymbol = (suit) => SUITS[suit] ?? '';
export const rankText = (rank) => RANKS[rank] ?? '';
export const isRed = (suit) => suit === 'heart' || suit === 'diamond';

/** "♠5【杀】" / "♠5 [Slash]" for a physical card id (or "?" when unknown). */
export function cardLabel(id) {
  const f = face(id);
  if (!f) return lang === 'zh' ? '【?】' : '[?]';
  const name = kindName(f.kind);
  return `${suitSymbol(f.suit)}${rankText(f.rank)}${lang === 'zh' ? `【${name}】` : ` [${name}]`}`;
}

/** "【杀】" / "[Slash]" for a card kind. */
export const kindLabel = (kind) => (lang === 'zh' ? `【${kindName(kind)}】` : `[${kindName(kind)}]`);

/** The category's name: basic, trick, delayed trick, equipment. */
export function categoryName(category) {
  if (typeof category === 'string') return t(`cat_${category}`);
  return t('cat_equip');
}
