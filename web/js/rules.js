// rules.js — the rules page (web/rules.html): every mode, card kind (with how many copies each
// pack deals, by suit and rank), general and skill the server offers, drawn from its catalog
// (GET /catalog.json) in 中文 or English, with a filter. Nothing here is written by hand: a new
// pack, general or mode appears as soon as it is registered.

import { $, h, fill } from './dom.js';
import { SUITS } from './catalog.js';

const WORDS = {
  zh: {
    title: '规则', back: '返回游戏', filter: '搜索卡牌、武将、技能…', lang: 'English',
    modes: '模式', cards: '卡牌', generals: '武将', seats: '{a}–{b} 人', hp: '体力 {n}',
    basic: '基本牌', trick: '锦囊牌', delayed_trick: '延时锦囊', equip: '装备牌', range: '攻击范围 {n}',
    copies: '{n} 张', compulsory: '锁定技', lord: '主公技', lord_candidate: '可为主公',
    kingdom: { wei: '魏', shu: '蜀', wu: '吴', qun: '群', god: '神', none: '—' },
    male: '男', female: '女', empty: '没有符合的条目', error: '无法加载目录：{e}',
    printings: '{e} 版文本（房间选择该文本版本时替换同名武将）', printing: '{e} 版',
  },
  en: {
    title: 'Rules', back: 'Back to the game', filter: 'Search cards, generals, skills…', lang: '中文',
    modes: 'Modes', cards: 'Cards', generals: 'Generals', seats: '{a}–{b} players', hp: '{n} HP',
    basic: 'Basic cards', trick: 'Tricks', delayed_trick: 'Delayed tricks', equip: 'Equipment',
    range: 'range {n}', copies: '×{n}', compulsory: 'Compulsory', lord: 'Lord skill',
    lord_candidate: 'may be lord',
    printings: 'The {e} texts (these replace the generals of the same name when a room picks that edition)',
    printing: '{e} text',
    kingdom: { wei: 'Wei', shu: 'Shu', wu: 'Wu', qun: 'Qun', god: 'God', none: '—' },
    male: 'male', female: 'female', empty: 'Nothing matches', error: 'Cannot load the catalog: {e}',
  },
};

let lang = (() => { try { return localStorage.getItem('sgs.lang') === 'en' ? 'en' : 'zh'; } catch { return 'zh'; } })();
let catalog = null;

const w = (key, params = {}) => {
  let text = WORDS[lang][key] ?? key;
  for (const [k, v] of Object.entries(params)) text = text.split(`{${k}}`).join(String(v));
  return text;
};
const name = (info) => (info ? info[`name_${lang}`] || info.name_zh || info.id : '');
const text = (info) => (info ? info[`text_${lang}`] || info.text_zh || '' : '');
const RANKS = [null, 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function categoryOf(kind) {
  const c = kind.category;
  return typeof c === 'object' && c ? 'equip' : c;
}

/** Every physical card of every card pack, by kind: "标准版 ♠A ♥Q …". */
function copiesByKind() {
  const by = new Map();
  for (const pack of catalog.card_packs) {
    for (const card of pack.cards) {
      const key = card.kind;
      if (!by.has(key)) by.set(key, []);
      by.get(key).push({ pack, card });
    }
  }
  return by;
}

function modeEl(mode) {
  return h('article.rule', { data: { testid: 'rule-mode', id: mode.id } },
    h('h3', name(mode), ' ', h('span.tag', w('seats', { a: mode.min_seats, b: mode.max_seats }))),
    h('p', text(mode)));
}

function cardEl(kind, copies) {
  const packs = new Map();
  for (const { pack, card } of copies.get(kind.kind) ?? []) {
    if (!packs.has(pack.id)) packs.set(pack.id, { pack, faces: [] });
    packs.get(pack.id).faces.push(`${SUITS[card.suit] ?? ''}${RANKS[card.rank] ?? ''}`);
  }
  const slot = typeof kind.category === 'object' && kind.category ? kind.category.equip : null;
  return h('article.rule', { data: { testid: 'rule-card', kind: kind.kind } },
    h('h3', name(kind), slot === 'weapon' ? h('span.tag', w('range', { n: kind.range })) : null),
    h('p', text(kind)),
    [...packs.values()].map(({ pack, faces }) => h('p.note', `${name(pack)} ${w('copies', { n: faces.length })}: ${faces.join(' ')}`)));
}

function generalEl(general, skills) {
  return h(`article.rule.k-${general.kingdom}`, { data: { testid: 'rule-general', id: general.id } },
    h('h3', h(`span.kingdom.k-${general.kingdom}`, WORDS[lang].kingdom[general.kingdom] ?? general.kingdom), ' ', name(general), ' ',
      h('span.tag', w('hp', { n: general.max_hp })), h('span.tag', w(general.gender)),
      general.lord_candidate ? h('span.tag', w('lord_candidate')) : null,
      general.printing ? h('span.tag', w('printing', { e: general.printing.edition })) : null),
    general.skills.map((id) => {
      const skill = skills.get(id);
      return h('p', { data: { testid: 'rule-skill', id } }, h('b', `【${name(skill)}】`),
        skill?.compulsory ? h('span.tag', w('compulsory')) : null, skill?.lord ? h('span.tag', w('lord')) : null,
        ' ', text(skill));
    }));
}

function render() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = `${lang === 'zh' ? '三国杀' : 'Sanguosha'} · ${w('title')}`;
  for (const node of document.querySelectorAll('[data-r]')) node.textContent = w(node.dataset.r);
  $('rules-filter').placeholder = w('filter');
  $('rules-lang').textContent = w('lang');
  if (!catalog) return;
  const copies = copiesByKind();
  const skills = new Map(catalog.skills.map((s) => [s.id, s]));
  const groups = ['basic', 'trick', 'delayed_trick', 'equip'].map((cat) => h('section.rules-group',
    h('h2', w(cat)), catalog.card_kinds.filter((k) => categoryOf(k) === cat).map((k) => cardEl(k, copies))));
  const packed = new Set(catalog.general_packs.flatMap((p) => p.generals));
  const packs = catalog.general_packs.map((pack) => h('section.rules-group', h('h2', name(pack)),
    pack.generals.map((id) => catalog.generals.find((g) => g.id === id)).filter(Boolean).map((g) => generalEl(g, skills))));
  const printed = catalog.generals.filter((g) => g.printing);
  const editions = [...new Set(printed.map((g) => g.printing.edition))].map((e) => h('section.rules-group',
    h('h2', w('printings', { e })), printed.filter((g) => g.printing.edition === e).map((g) => generalEl(g, skills))));
  const loose = catalog.generals.filter((g) => !packed.has(g.id) && !g.printing);
  fill($('rules'),
    h('nav.rules-nav', ['modes', 'cards', 'generals'].map((id) => h('a', { href: `#${id}` }, w(id)))),
    h('section.panel', { id: 'modes' }, h('h2', w('modes')), catalog.modes.map(modeEl)),
    h('section.panel', { id: 'cards' }, h('h2', w('cards')), groups),
    h('section.panel', { id: 'generals' }, h('h2', w('generals')), packs, editions,
      loose.length ? h('section.rules-group', loose.map((g) => generalEl(g, skills))) : null),
    h('p.note', { id: 'rules-empty', hidden: true }, w('empty')));
  filter();
}

/** Shows only the entries whose text holds the filter's words. */
function filter() {
  const words = $('rules-filter').value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const entry of document.querySelectorAll('article.rule')) {
    const hay = entry.textContent.toLowerCase();
    entry.hidden = !words.every((x) => hay.includes(x));
    if (!entry.hidden) shown += 1;
  }
  const empty = $('rules-empty');
  if (empty) empty.hidden = shown > 0;
}

async function main() {
  $('rules-filter').addEventListener('input', filter);
  $('rules-lang').addEventListener('click', () => {
    lang = lang === 'zh' ? 'en' : 'zh';
    try { localStorage.setItem('sgs.lang', lang); } catch { /* private mode */ }
    render();
  });
  render();
  try {
    const response = await fetch('/catalog.json');
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    catalog = await response.json();
  } catch (error) {
    fill($('rules'), h('p.note', w('error', { e: error.message })));
    return;
  }
  render();
}

main();
