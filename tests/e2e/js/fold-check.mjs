// fold-check.mjs — checks the browser client's fold (web/js/fold.js) against the engine's: reads
// the JSON file the Rust test `tests/fold.rs` writes (for whole games: each viewer's first view,
// then every update's events with the view the engine shows after them), folds the events with
// web/js/fold.js and compares. Exits 1 on the first difference, naming it.
import { readFileSync } from 'node:fs';
import { applyEvents } from '../../../web/js/fold.js';

const data = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const generals = new Map(data.catalog.generals.map((g) => [g.id, g]));
const kinds = new Map(data.catalog.card_kinds.map((k) => [k.kind, k]));
const SLOTS = ['weapon', 'armor', 'defensive_horse', 'offensive_horse'];
const rules = {
  general: (id) => generals.get(id) ?? null,
  slot: (kind) => {
    const category = kinds.get(kind)?.category;
    const i = category && typeof category === 'object' ? SLOTS.indexOf(category.equip) : -1;
    return i >= 0 ? i : null;
  },
};

/** The view without what travels beside the events, and without empty fields (the engine leaves
 * out empty lists and false flags; a fold may keep them). */
function normal(value) {
  if (Array.isArray(value)) return value.map(normal);
  if (value && typeof value === 'object') {
    const out = {};
    for (const key of Object.keys(value).sort()) {
      // Who is asked travels beside the events; the card table comes once, in the first view.
      if (key === 'waiting' || key === 'prompt' || key === 'deck') continue;
      const v = value[key];
      if (v === null || v === false || (Array.isArray(v) && v.length === 0)) continue;
      out[key] = normal(v);
    }
    return out;
  }
  return value;
}

let steps = 0;
for (const run of data.runs) {
  const view = structuredClone(run.initial);
  run.steps.forEach((step, i) => {
    if (!applyEvents(view, step.events, rules)) {
      console.error(`${run.name}, update ${i}: the fold found an event that does not fit`);
      process.exit(1);
    }
    const got = JSON.stringify(normal(view));
    const want = JSON.stringify(normal(step.expected));
    if (got !== want) {
      console.error(`${run.name}, update ${i}: the folded view differs from the engine's`);
      console.error(`events: ${JSON.stringify(step.events)}`);
      console.error(`folded: ${got}`);
      console.error(`engine: ${want}`);
      process.exit(1);
    }
    steps += 1;
  });
}
console.log(`${data.runs.length} runs, ${steps} updates folded like the engine`);
