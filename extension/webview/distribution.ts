/// <reference lib="dom" />
// Distribution statistics (webview script): cards per character against what the
// dictionaries' character frequency suggests, as an SVG bar chart and a table.
import { barChart, chartSlot } from './chart.js';
import type { DistributionMessage, PanelState, ToWebview } from './messages.js';
import { el, t, vscode } from './vscodeApi.js';

const app = document.getElementById('app')!;
let uri = vscode.getState()?.uri ?? '';

/** Redraws the chart when the panel's width changes (one observer, the latest chart's). */
let resizes: ResizeObserver | undefined;

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function render(m: DistributionMessage): void {
  const { stats: d, strings: s } = m;
  app.replaceChildren();
  const header = el('header');
  header.append(el('h1', undefined, t(s, 'Distribution: {0}', d.ruleset)));
  header.append(el('p', undefined, t(s, '{0, plural, one {# card} other {# cards}} ({1, plural, one {# wildcard} other {# wildcards}}); {2, plural, one {# character} other {# characters}} counted in {3, plural, one {# word} other {# words}}.', d.totalCards, d.wildcards, d.totalCharacters, d.words)));
  // what the server counts beside the rows: lines left out, words no game can lay
  if (d.leftOut) header.append(el('p', 'left-out', t(s, '{0, plural, one {# dictionary line is} other {# dictionary lines are}} left out for errors (cardwords check names them).', d.leftOut)));
  const u = d.unlayable;
  if (u && u.tooLong > 0) header.append(el('p', 'unlayable', t(s, 'No game can lay {0, plural, one {# word} other {# words}} longer than the longest run of free cells ({1}), such as {2}.', u.tooLong, u.longestRun, u.tooLongFirst ?? '')));
  if (u && u.unspellable > 0) header.append(el('p', 'unlayable', t(s, 'No game can lay {0, plural, one {# word} other {# words}} needing more cards of a character than the card set has, such as {1}.', u.unspellable, u.unspellableFirst ?? '')));
  app.append(header);
  if (d.rows.length === 0) {
    app.append(el('p', 'empty', t(s, 'The charset has no characters.')));
    return;
  }
  const chart = el('div', 'chart-box');
  chart.id = 'chart';
  app.append(chart);
  const categories = d.rows.map((r) => r.char);
  const series = [
    { name: t(s, 'cards'), className: 'cards', values: d.rows.map((r) => r.cards) },
    { name: t(s, 'suggested by the dictionary frequency'), className: 'suggested', values: d.rows.map((r) => r.suggestedCards) },
  ];
  // drawn to the panel's width, and again when that changes the bars' width
  let slot = 0;
  const draw = () => {
    const available = chart.clientWidth;
    const next = chartSlot(categories.length, series.length, available);
    if (next === slot) return;
    slot = next;
    chart.replaceChildren(barChart(categories, series, { title: t(s, 'Cards per character against the dictionary frequency'), yLabel: t(s, 'cards'), available }));
  };
  draw();
  resizes?.disconnect();
  resizes = new ResizeObserver(draw);
  resizes.observe(chart);
  const legend = el('ul', 'legend');
  for (const [cls, text] of [
    ['cards', t(s, 'cards in the card set')],
    ['suggested', t(s, 'cards the suggested card set would hold: one for every character, the rest by frequency')],
  ] as const) {
    const li = el('li');
    li.append(el('span', `swatch ${cls}`), el('span', undefined, text));
    legend.append(li);
  }
  app.append(legend);
  const table = el('table', 'stats');
  const head = el('tr');
  for (const h of [t(s, 'Character'), t(s, 'Cards'), t(s, 'Card share'), t(s, 'Frequency'), t(s, 'Suggested'), t(s, 'Mean points')]) head.append(el('th', undefined, h));
  table.append(head);
  for (const r of d.rows) {
    const tr = el('tr');
    const off = r.cards !== r.suggestedCards;
    // a card's character the charset lacks: its cards counted, no frequency (cardset/unknown-character)
    for (const v of [r.outside ? t(s, '{0}: not in the charset', r.char) : r.char, String(r.cards), pct(r.cardShare), pct(r.frequency), String(r.suggestedCards), r.meanPoints === null ? '–' : r.meanPoints.toFixed(1)]) tr.append(el('td', undefined, v));
    if (off) tr.classList.add('off');
    table.append(tr);
  }
  app.append(table);
}

function show(m: ToWebview): void {
  if (m.type === 'distribution') {
    render(m);
    vscode.setState({ uri, last: m } satisfies PanelState);
  } else if (m.type === 'error') {
    app.replaceChildren(el('p', 'errors', m.message));
  }
}

window.addEventListener('message', (e: MessageEvent<ToWebview & { uri?: string }>) => {
  if (e.data.uri) uri = e.data.uri;
  show(e.data);
});
const saved = vscode.getState()?.last;
if (saved?.type === 'distribution') render(saved);
vscode.postMessage({ type: 'ready' });
