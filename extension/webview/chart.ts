/// <reference lib="dom" />
// A small grouped bar chart in plain SVG (no chart library): one group per category, one
// bar per series, a y axis with round ticks. Colours are CSS classes (styles.css) over
// VS Code's chart theme variables.
const SVG = 'http://www.w3.org/2000/svg';

export interface Series {
  name: string;
  className: string;
  values: number[];
}

function node<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** 1, 2, 5, 10, 20, 50... : a step giving about `count` ticks up to `max`. */
export function tickStep(max: number, count = 5): number {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

const LEFT = 44;
const RIGHT = 10;
/** The narrowest group that still shows its category label (one or two characters). */
const MIN_SLOT = 14;

/**
 * The width of one category's group: its natural width (9 px a bar), narrowed to fit
 * `available` pixels (the panel's width: a chart wider than its column hid its last
 * categories behind a scroll bar), never below MIN_SLOT (then the box scrolls).
 */
export function chartSlot(categories: number, seriesCount: number, available?: number): number {
  const natural = Math.max(22, seriesCount * 9 + 8);
  if (available === undefined || categories === 0) return natural;
  return Math.max(MIN_SLOT, Math.min(natural, Math.floor((available - LEFT - RIGHT) / categories)));
}

export function barChart(categories: string[], series: Series[], opts: { title: string; yLabel: string; format?: (v: number) => string; available?: number }): SVGSVGElement {
  const fmt = opts.format ?? ((v: number) => String(v));
  const slot = chartSlot(categories.length, series.length, opts.available);
  // the gap between groups shrinks with them (8 px at the natural width)
  const gap = Math.min(8, Math.round(slot * 0.3));
  const left = LEFT;
  const top = 16;
  const plotH = 220;
  const bottom = 28;
  const width = left + categories.length * slot + RIGHT;
  const height = top + plotH + bottom;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const step = tickStep(max);
  const yMax = Math.max(step, Math.ceil(max / step) * step);
  const y = (v: number) => top + plotH - (v / yMax) * plotH;
  const svg = node('svg', { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'chart' });
  svg.append(node('title', {}, opts.title));
  for (let v = 0; v <= yMax + step / 2; v += step) {
    svg.append(node('line', { x1: left, x2: width - 6, y1: y(v), y2: y(v), class: 'grid-line' }));
    svg.append(node('text', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' }, fmt(v)));
  }
  svg.append(node('text', { x: 4, y: top - 4, class: 'axis-label' }, opts.yLabel));
  const barW = (slot - gap) / Math.max(1, series.length);
  categories.forEach((cat, i) => {
    const x0 = left + i * slot + gap / 2;
    series.forEach((s, k) => {
      const v = s.values[i] ?? 0;
      const bar = node('rect', { x: x0 + k * barW, y: y(v), width: Math.max(1, barW - 1), height: Math.max(0, top + plotH - y(v)), class: `bar ${s.className}` });
      bar.dataset.category = cat;
      bar.append(node('title', {}, `${cat}: ${s.name} ${fmt(v)}`));
      svg.append(bar);
    });
    svg.append(node('text', { x: x0 + (slot - gap) / 2, y: top + plotH + 16, 'text-anchor': 'middle', class: 'category' }, cat));
  });
  svg.append(node('line', { x1: left, x2: width - 6, y1: y(0), y2: y(0), class: 'axis' }));
  return svg;
}
