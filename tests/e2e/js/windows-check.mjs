// windows-check.mjs — checks web/js/prompt.js's onlyPassWindow against the engine: reads the JSON
// file tests/windows.rs writes (prompts of whole games, each with whether it is a window the
// server passes by itself) and exits 1 on the first prompt where the page would disagree.
import { readFileSync } from 'node:fs';
import { onlyPassWindow } from '../../../web/js/prompt.js';

const data = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let skipped = 0;
for (const [i, { prompt, only_pass }] of data.prompts.entries()) {
  if (onlyPassWindow(prompt) !== only_pass) {
    console.error(`prompt ${i}: the page says ${!only_pass}, the engine ${only_pass}: ${JSON.stringify(prompt)}`);
    process.exit(1);
  }
  if (only_pass) skipped += 1;
}
console.log(`${data.prompts.length} prompts, ${skipped} windows the page need not show, as the engine says`);
