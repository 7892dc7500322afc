// catalog.js — the server's catalog (modes, packs, card kinds, skills, generals with their names
// and texts in the current language) and the current game's card table (card ids to faces, from
// the view's `deck`).

import { lang, t } from './i18n.js';

let catalog = null;
let deck = [];
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
export const getCatalog = () => catalog;

/** Stores the card table of the game being shown (a view's `deck`; it never changes in a game). */
export function setDeck(cards) {
  if (Array.isArray(cards) && cards.length) deck = cards;
}

/** The physical card `id` of the current game: {id, suit, rank, kind, nature?}, or null. */
export const face = (id) => (id !== null && id !== undefined ? deck[id] ?? null : null);

const pick = (info, field) => (info ? info[`${field}_${lang}`] || info[`${field}_zh`] : null);

export const kindInfo = (kind) => kinds.get(kind) ?? null;
export const skillInfo = (id) => skills.get(id) ?? null;
export const generalInfo = (id) => generals.get(id) ?? null;

export const kindName = (kind) => pick(kinds.get(kind), 'name') ?? String(kind);
export const kindText = (kind) => pick(kinds.get(kind), 'text') ?? '';
export const skillName = (id) => pick(skills.get(id), 'name') ?? String(id);
export const skillText = (id) => pick(skills.get(id), 'text') ?? '';
export const generalName = (id) => pick(generals.get(id), 'name') ?? String(id);

/** The name of a catalog entry (a mode, a pack, an option, a choice). */
export const infoName = (info) => pick(info, 'name') ?? info?.id ?? '';

/** The one-line explanation of a catalog entry that has one (a mode, an option), or ''. */
export const infoText = (info) => pick(info, 'text') ?? '';

/** A ruleset in a few words: "身份局 · 标准版 · 标准版武将". */
export function rulesetText(ruleset) {
  if (!ruleset) return '';
  const mode = catalog?.modes.find((m) => m.id === ruleset.mode);
  const cards = ruleset.cards.map((c) => infoName(catalog?.card_packs.find((p) => p.id === c.id) ?? { id: c.id }));
  const generalPacks = ruleset.generals.map((g) => infoName(catalog?.general_packs.find((p) => p.id === g) ?? { id: g }));
  const edition = ruleset.edition && ruleset.edition !== catalog?.default_ruleset.edition
    ? t('edition_text', { e: ruleset.edition }) : null;
  return [infoName(mode ?? { id: ruleset.mode }), cards.join('+'),
    generalPacks.length ? generalPacks.join('+') : t('generals_none'), edition].filter(Boolean).join(' · ');
}

export const SUITS = { spade: '♠', heart: '♥', club: '♣', diamond: '♦' };
const RANKS = [null, 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export const suitSymbol = (suit) => SUITS[suit] ?? '';
export const rankText = (rank) => RANKS[rank] ?? '';
export const isRed = (suit) => suit === 'heart' || suit === 'diamond';

/** A kind's name with a nature (火杀 / Fire Slash); `nature` absent or 'normal' = the plain name. */
export function natureName(kind, nature) {
  const name = kindName(kind);
  if (!nature || nature === 'normal') return name;
  const NATURE = { zh: { fire: '火', thunder: '雷' }, en: { fire: 'Fire ', thunder: 'Thunder ' } };
  const prefix = (NATURE[lang] ?? NATURE.zh)[nature] ?? '';
  return `${prefix}${name}`;
}

/** "♠5【杀】" / "♠5 [Slash]" for a physical card id (or "?" when unknown). */
export function cardLabel(id) {
  const f = face(id);
  if (!f) return lang === 'zh' ? '【?】' : '[?]';
  const name = natureName(f.kind, f.nature);
  return `${suitSymbol(f.suit)}${rankText(f.rank)}${lang === 'zh' ? `【${name}】` : ` [${name}]`}`;
}

/** "【杀】" / "[Slash]" for a card kind ("【火杀】" with a nature). */
export const kindLabel = (kind, nature) => (lang === 'zh' ? `【${natureName(kind, nature)}】` : `[${natureName(kind, nature)}]`);

/** The category's name: basic, trick, delayed trick, equipment. */
export function categoryName(category) {
  if (typeof category === 'string') return t(`cat_${category}`);
  return t('cat_equip');
}
