/// <reference lib="dom" />
// A few DOM helpers instead of a framework: the panels are small, re-render what changed
// by hand and keep the focused element in place (a virtual DOM would buy little here).

export type Child = Node | string | number | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/** Creates an element: `on*` attributes with a function become listeners, `false`/null are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') e.addEventListener(k.slice(2).toLowerCase(), v);
    else if (k === 'class') e.className = String(v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  append(e, children);
  return e;
}

export function append(parent: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.append(typeof c === 'object' ? c : String(c));
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`no element #${id}`);
  return e as T;
}

/**
 * Sets the text of a live region (re-announced even when the text repeats); `unseen`: spoken
 * only, since the page shows it elsewhere.
 */
export function announce(region: HTMLElement, text: string, kind: 'info' | 'error' = 'info', unseen = false): void {
  region.textContent = '';
  region.dataset.kind = kind;
  // a new text node in a new task makes screen readers speak it again
  setTimeout(() => (unseen ? region.replaceChildren(h('span', { class: 'sr-only' }, text)) : (region.textContent = text)), 0);
}

/** The elements' span in the view's coordinates: the highest top, the lowest bottom (a missing element left out). */
export function spanOf(...es: (Element | null | undefined)[]): { top: number; bottom: number } {
  const boxes = es.flatMap((e) => (e ? [e.getBoundingClientRect()] : []));
  return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
}

/**
 * The least scroll of the page that shows a span (`spanOf`), its top kept in view when it is
 * taller than the view; in whole pixels rounded outwards, so both edges land inside the view
 * (Chromium's `scrollIntoView` left a bottom at 720.4 in a 720 px view).
 */
export function showSpan({ top, bottom }: { top: number; bottom: number }): void {
  if (!Number.isFinite(top)) return;
  if (top < 0) window.scrollBy(0, Math.floor(top));
  else if (bottom > window.innerHeight) window.scrollBy(0, Math.min(Math.floor(top), Math.ceil(bottom - window.innerHeight)));
}

/** The first of the spans (`spanOf`) that the view can hold whole, else the last: what to show when not all of it fits. */
export function fitting(...spans: { top: number; bottom: number }[]): { top: number; bottom: number } {
  return spans.find((s) => s.bottom - s.top <= window.innerHeight) ?? spans[spans.length - 1]!;
}

/** Restarts a CSS animation class on an element. */
export function flash(e: Element, cls: string): void {
  e.classList.remove(cls);
  void (e as HTMLElement).offsetWidth;
  e.classList.add(cls);
}

/** The keys a list (`select`) uses itself: on one, the panels' shortcuts stay out of their way. */
const SELECT_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Enter', ' ', 'Escape', 'Tab']);

/**
 * True when the key event comes from a text field (panel shortcuts then stay out of the way).
 * A list is no text field: the page's letter keys (Yatzee's `d` to the dice) work on it, as
 * they did not on the owner's "Remove a player…" once the focus was back on it; only its own
 * keys (arrows, Enter…) are its.
 */
export function typing(ev: KeyboardEvent): boolean {
  const t = ev.target as HTMLElement | null;
  if (!t) return false;
  const tag = t.tagName;
  if (tag === 'SELECT') return SELECT_KEYS.has(ev.key);
  return tag === 'INPUT' || tag === 'TEXTAREA' || t.isContentEditable;
}
