// keys.js — keyboard play on the table: 1–9 and 0 choose the first ten hand cards, Shift with
// a digit chooses the seat of that number, Enter confirms, Esc cancels the choice, P passes
// (ends the play phase, declines). Enter or Space on a focused card or seat clicks it. Keys
// typed into a field (chat, forms) are left alone.

/** `current()` gives `{model, hand}` while I sit at a table (else null); `handlers` are the
 * table's click handlers. */
export function initKeys(current, handlers) {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) return;
    const target = e.target;
    if (target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable]')) return;
    // A focused card or seat (div with tabindex) answers Enter and Space like a button.
    if ((e.key === 'Enter' || e.key === ' ') && target instanceof HTMLElement
        && target.matches('[tabindex]:not(button)')) {
      e.preventDefault();
      target.click();
      return;
    }
    const table = current();
    if (!table) return;
    const digit = /^Digit([0-9])$/.exec(e.code);
    if (digit) {
      const n = digit[1] === '0' ? 10 : Number(digit[1]);
      e.preventDefault();
      if (e.shiftKey) handlers.seat(n - 1);
      else if (table.hand[n - 1] !== undefined) handlers.card(table.hand[n - 1]);
      return;
    }
    if (!table.model) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      handlers.confirm();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      handlers.clear();
    } else if ((e.key === 'p' || e.key === 'P') && table.model.pass) {
      e.preventDefault();
      handlers.act(table.model.pass);
    }
  });
}

/** What has the keyboard focus on the table, to give it back after a redraw (which replaces
 * the elements): its test id, card, seat and action. */
export function focusKey() {
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || !el.closest('#table, #dialog')) return null;
  const d = el.dataset;
  return [d.testid, d.card, d.seat, d.action].map((x) => x ?? '').join('|');
}

export function restoreFocus(key) {
  if (!key || focusKey() === key) return;
  const [testid, card, seat, action] = key.split('|');
  const css = [testid && `[data-testid="${testid}"]`, card && `[data-card="${card}"]`,
    seat && `[data-seat="${seat}"]`, action && `[data-action="${action}"]`].filter(Boolean).join('');
  if (css) document.querySelector(`:is(#table, #dialog) ${css}`)?.focus();
}
