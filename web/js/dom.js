// dom.js — a tiny element builder: h('div.card.red', {data: {card: 3}, onclick}, children).

/** Creates an element. `tag` may carry classes: 'button.primary'. */
export function h(tag, props, ...children) {
  if (!isProps(props)) {
    children.unshift(props);
    props = null;
  }
  const [name, ...classes] = tag.split('.');
  const el = document.createElement(name || 'div');
  if (classes.length) el.className = classes.join(' ');
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'data') {
        for (const [k, v] of Object.entries(value)) {
          if (v !== undefined && v !== null && v !== false) el.dataset[k] = String(v);
        }
      } else if (key === 'class') {
        el.className += (el.className ? ' ' : '') + value;
      } else if (key === 'style' && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) el.style.setProperty(k, v);
      } else if (key.startsWith('on') && typeof value === 'function') {
        el.addEventListener(key.slice(2), value);
      } else if (value === true) {
        el.setAttribute(key, '');
      } else {
        el.setAttribute(key, String(value));
      }
    }
  }
  append(el, children);
  return el;
}

/** A plain object of properties (not a child: text, element, list, nothing). */
function isProps(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Node);
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces the children of `el`. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** The element with this id. */
export const $ = (id) => document.getElementById(id);
