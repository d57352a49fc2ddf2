/// <reference lib="dom" />
// Card-table preview (webview script): draws the language server's tablePreview model as
// a grid, its cells named by the server in the user's coordinate options (core/coordinates.ts). Colours come from VS Code's theme variables
// (styles.css); the last model is kept with setState so a reload shows it at once.
import { withIndices } from '../../core/coordinates.js';
import { cellMarks } from '../../core/formats/types.js';
import { tooLargeToPreview, unreadableSize, type PreviewCell } from '../../core/protocol/language.js';
import type { PanelState, TablePreviewMessage, ToWebview } from './messages.js';
import { el, t, vscode } from './vscodeApi.js';

const app = document.getElementById('app')!;
let uri = vscode.getState()?.uri ?? '';

function startText(m: TablePreviewMessage): string {
  const { model: p, strings: s } = m;
  const { touchColumn: c, touchRow: r } = p.start;
  const inside = (x: number | null, size: number) => x !== null && x >= 0 && x < size;
  if (c !== null && r !== null && inside(c, p.width) && inside(r, p.height)) return t(s, 'The first move must cover {0}.', p.cells[r * p.width + c]?.name ?? '');
  if (c !== null && inside(c, p.width)) return t(s, 'The first move must touch column {0}.', p.columnLabels[c] ?? '');
  if (r !== null && inside(r, p.height)) return t(s, 'The first move must touch row {0}.', p.rowLabels[r] ?? '');
  return t(s, 'No start condition: the first move may go anywhere.');
}

function cellTitle(cell: PreviewCell, name: string, s: Record<string, string>): string {
  const lines = [withIndices(name, cell.column, cell.row)];
  if (cell.blocked) lines.push(t(s, 'blocked'));
  if (cell.letterFactor !== 1) lines.push(t(s, 'letter factor {0}', cell.letterFactor));
  if (cell.wordFactor !== 1) lines.push(t(s, 'word factor {0}', cell.wordFactor));
  if (cell.points !== 0) lines.push(t(s, 'cell points {0}', cell.points));
  return lines.join('\n');
}

function render(m: TablePreviewMessage): void {
  const { model: p, strings: s } = m;
  app.replaceChildren();
  const header = el('header');
  // a table over maxCells comes with no cells and 0 x 0: its real size is `size`
  const tooLarge = tooLargeToPreview(p);
  const size = tooLarge ?? p;
  header.append(el('h1', undefined, t(s, 'Card table {0} × {1}', size.width, size.height)));
  if (!tooLarge) {
    const start = el('p', 'start', startText(m));
    start.id = 'start';
    header.append(start);
  }
  if (p.errors > 0) header.append(el('p', 'errors', t(s, '{0, plural, one {# error} other {# errors}} in the file: the preview may be incomplete.', p.errors)));
  app.append(header);
  if (tooLarge) {
    app.append(el('p', 'empty', t(s, 'Too large to preview: more than {0} cells.', p.maxCells.toLocaleString(document.documentElement.lang || undefined))));
    return;
  }
  if (p.width === 0 || p.height === 0) {
    app.append(el('p', 'empty', t(s, 'The table size cannot be read.')));
    // the server's reason (older servers send none): the author sees what to mend, and where
    const why = unreadableSize(p);
    if (why) app.append(el('p', 'reason', t(s, 'Line {0}: {1}', why.line + 1, why.message)));
    return;
  }
  const grid = el('div', 'grid');
  grid.id = 'grid';
  grid.style.gridTemplateColumns = `auto repeat(${p.width}, ${m.cellSize}px)`;
  grid.style.gridAutoRows = `${m.cellSize}px`;
  grid.style.fontSize = `${Math.max(8, Math.round(m.cellSize / 3.2))}px`;
  grid.append(el('div', 'corner'));
  for (let c = 0; c < p.width; c++) grid.append(el('div', 'label column', p.columnLabels[c] ?? ''));
  const { touchColumn, touchRow } = p.start;
  for (let r = 0; r < p.height; r++) {
    grid.append(el('div', 'label row', p.rowLabels[r] ?? ''));
    for (let c = 0; c < p.width; c++) {
      const cell = p.cells[r * p.width + c];
      if (!cell) continue;
      const d = el('div', 'cell');
      d.dataset.column = String(c);
      d.dataset.row = String(r);
      if (cell.blocked) d.classList.add('blocked');
      if (cell.letterFactor !== 1) d.classList.add('letter');
      if (cell.wordFactor !== 1) d.classList.add('word');
      if (cell.points !== 0) d.classList.add('points');
      const touches = (touchColumn !== null || touchRow !== null) && (touchColumn === null || touchColumn === c) && (touchRow === null || touchRow === r);
      if (touches) d.classList.add('start');
      if (!cell.blocked) for (const mark of cellMarks(cell)) d.append(el('span', undefined, mark));
      d.title = cellTitle(cell, cell.name, s);
      d.addEventListener('dblclick', () => vscode.postMessage({ type: 'reveal', column: c, row: r }));
      grid.append(d);
    }
  }
  app.append(grid);
  const legend = el('ul', 'legend');
  for (const [cls, text] of [
    ['blocked', t(s, 'blocked')],
    ['letter', t(s, 'letter factor')],
    ['word', t(s, 'word factor')],
    ['points', t(s, 'cell points')],
    ['start', t(s, 'start condition')],
  ] as const) {
    const li = el('li');
    // cell points have no colour: their swatch is their mark's letter, as the cells write it (it was an empty box)
    li.append(el('span', `swatch ${cls}`, cls === 'points' ? 'C' : undefined), el('span', undefined, text));
    legend.append(li);
  }
  app.append(legend);
}

function show(m: ToWebview): void {
  if (m.type === 'tablePreview') {
    render(m);
    uri = m.model.uri || uri;
    vscode.setState({ uri, last: m } satisfies PanelState);
  } else if (m.type === 'error') {
    app.replaceChildren(el('p', 'errors', m.message));
  }
}

window.addEventListener('message', (e: MessageEvent<ToWebview>) => show(e.data));
const saved = vscode.getState()?.last;
if (saved?.type === 'tablePreview') render(saved);
vscode.postMessage({ type: 'ready' });
