// art.js — the pictures the client draws itself (no art is fetched or copied): an emblem for
// every card kind and general (a figure made from a hash of its id, so each differs), a general's
// portrait (a medallion in its kingdom's colours with the first character of its name and its
// emblem), and HP as 勾玉 (magatama).

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.append(c);
  return el;
}

/** FNV-1a of a string: the seed of an emblem. */
function hash(text) {
  let x = 0x811c9dc5;
  for (const ch of String(text)) {
    x ^= ch.codePointAt(0);
    x = Math.imul(x, 0x01000193) >>> 0;
  }
  return x;
}

/** Mixed into every emblem's hash: should a new card kind or general draw the same figure as
 * another (rules.rs `every_card_kind_and_general_has_its_own_emblem` says which), change it. */
const SALT = 'sgs2:';

/** The figure of `id` in a 24×24 box: a star of 3–9 points, its depth, turn, outline, fill,
 * inner mark and outer ring (22,680 figures, so 90 ids rarely share one). */
function figure(id, color) {
  const x = hash(SALT + id);
  const points = 3 + (x % 7);
  const depth = 0.35 + ((x >>> 3) % 5) * 0.12;
  const turn = ((x >>> 6) % 12) * (Math.PI / 6 / points);
  const path = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? 10 : 10 * depth;
    const a = turn + (i * Math.PI) / points - Math.PI / 2;
    path.push(`${(12 + r * Math.cos(a)).toFixed(2)},${(12 + r * Math.sin(a)).toFixed(2)}`);
  }
  const inner = (x >>> 10) % 3;
  const dash = [null, '3 1.5', '1 1.2'][(x >>> 12) % 3];
  const filled = (x >>> 14) % 2 === 1;
  const ring = (x >>> 15) % 3;
  return [
    ring === 0 ? null
      : svg('circle', { cx: 12, cy: 12, r: 11.3, fill: 'none', stroke: color, 'stroke-width': 0.7, 'stroke-dasharray': ring === 2 ? '0.8 1.6' : null }),
    svg('polygon', {
      points: path.join(' '), fill: filled ? color : 'none', 'fill-opacity': filled ? 0.25 : null,
      stroke: color, 'stroke-width': 1.6, 'stroke-linejoin': 'round', 'stroke-dasharray': dash,
    }),
    inner === 0 ? svg('circle', { cx: 12, cy: 12, r: 2.6, fill: color })
      : inner === 1 ? svg('rect', { x: 9.8, y: 9.8, width: 4.4, height: 4.4, fill: color, transform: 'rotate(45 12 12)' })
        : svg('circle', { cx: 12, cy: 12, r: 3, fill: 'none', stroke: color, 'stroke-width': 1.4 }),
  ];
}

/** A card kind's (or any id's) emblem, `size` px square. */
export function emblem(id, size = 20, color = 'currentColor') {
  return svg('svg', { class: 'emblem', viewBox: '0 0 24 24', width: size, height: size, 'aria-hidden': 'true', 'data-emblem': id },
    ...figure(id, color));
}

const KINGDOM = { wei: ['#3b6fd1', '#1d3d7a'], shu: ['#c7412f', '#6e1c12'], wu: ['#2e9b4f', '#145228'], qun: ['#8c8c8c', '#3f3f3f'], god: ['#d9a441', '#6b4a10'], none: ['#5d5d5d', '#2d2d2d'] };

/** A general's portrait: a medallion of its kingdom's colours, its emblem faint behind the first
 * character of its Chinese name. */
export function portrait(general, kingdom, size = 34) {
  const [light, dark] = KINGDOM[kingdom] ?? KINGDOM.none;
  const gradient = `pg-${kingdom}`;
  const char = (general?.name_zh ?? '?').slice(0, 1);
  return svg('svg', { class: 'portrait', viewBox: '0 0 24 24', width: size, height: size, 'aria-hidden': 'true', 'data-portrait': general?.id ?? 'unknown' },
    svg('defs', {}, svg('radialGradient', { id: gradient, cx: '35%', cy: '30%', r: '75%' },
      svg('stop', { offset: '0%', 'stop-color': light }), svg('stop', { offset: '100%', 'stop-color': dark }))),
    svg('circle', { cx: 12, cy: 12, r: 11.5, fill: `url(#${gradient})`, stroke: '#d9a441', 'stroke-width': 0.8 }),
    // A text edition's print of a general (the 2009 曹仁) looks like that general.
    svg('g', { opacity: 0.35 }, ...figure(general?.printing?.of ?? general?.id ?? 'unknown', '#fff')),
    (() => {
      const t = svg('text', { x: 12, y: 16.2, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700, fill: '#fff' });
      t.textContent = char;
      return t;
    })());
}

/** One 勾玉 (magatama) of HP: `state` 'full' | 'half' | 'low' | 'lost'. */
export function magatama(state) {
  return svg('svg', { class: `magatama m-${state}`, viewBox: '0 0 12 14', width: 10, height: 12, 'aria-hidden': 'true' },
    svg('path', { d: 'M7 1 A4.5 4.5 0 1 1 3.2 8.2 Q2.4 10.8 4 13 Q0.2 11.6 0.8 7.4 A6.4 6.4 0 0 1 7 1 Z' }),
    svg('circle', { cx: 7, cy: 5.4, r: 1.3, class: 'eye' }));
}

/** The colour of a seat's 勾玉: full above half, half above one, low at one. */
export function hpState(hp, max) {
  if (hp * 2 > max) return 'full';
  if (hp > 1) return 'half';
  return 'low';
}
