/// <reference lib="dom" />
// The playtest report (webview script): a summary, the average move score by round as a
// bar chart, per card how often it is laid, traded and stuck with its learned value, the
// most played words, and the heat map of covered cells drawn over the card table (the
// preview's blocked cells, factors and cell points; each cell's colour strength is how
// often it was covered, its tooltip the share and the mean score of the covering moves).
import type { PlaytestReport } from '../../core/protocol/language.js';
import { barChart } from './chart.js';
import type { PlaytestMessage, ToWebview } from './messages.js';
import { el, vscode } from './vscodeApi.js';

const app = document.getElementById('app')!;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const f1 = (x: number) => x.toFixed(1);

function summary(r: PlaytestReport): HTMLElement {
  const dl = el('dl', 'summary');
  const row = (k: string, v: string) => dl.append(el('dt', undefined, k), el('dd', undefined, v));
  const spread = (s: { mean: number; sd: number; min: number; max: number }) => `${f1(s.mean)} (sd ${f1(s.sd)}, ${s.min}..${s.max})`;
  row('Scores', spread(r.scores));
  row('Winning margin', spread(r.margin));
  row('Turns per game', spread(r.turns));
  row('Endings', `went out ${r.endings.out}, all passed ${r.endings.idle}`);
  row('First player', `wins ${pct(r.firstPlayer.winShare)} (95 % ${pct(r.firstPlayer.low)}..${pct(r.firstPlayer.high)}), ${r.firstPlayer.scoreDiff >= 0 ? '+' : ''}${f1(r.firstPlayer.scoreDiff)} points against the others`);
  row('Turns', `moves ${pct(r.actions.move)}, trades ${pct(r.actions.trade)}, passes ${pct(r.actions.pass)}`);
  return dl;
}

function heatMap(m: PlaytestMessage): HTMLElement {
  const { report: r, preview: p } = m;
  const { width, height, covered, score, blocked } = r.cells;
  const grid = el('div', 'grid heat');
  grid.id = 'heat';
  grid.style.gridTemplateColumns = `auto repeat(${width}, 32px)`;
  grid.style.gridAutoRows = '32px';
  grid.append(el('div', 'corner'));
  for (let c = 0; c < width; c++) grid.append(el('div', 'label column', p?.columnLabels[c] ?? String(c)));
  for (let row = 0; row < height; row++) {
    grid.append(el('div', 'label row', p?.rowLabels[row] ?? String(row)));
    for (let c = 0; c < width; c++) {
      const i = row * width + c;
      const d = el('div', 'cell');
      const attr = p?.cells[i];
      if (blocked[i]) d.classList.add('blocked');
      else {
        if (attr?.letterFactor !== undefined && attr.letterFactor !== 1) d.append(el('span', 'mark', `L${attr.letterFactor}`));
        if (attr?.wordFactor !== undefined && attr.wordFactor !== 1) d.append(el('span', 'mark', `W${attr.wordFactor}`));
        if (attr?.points) d.append(el('span', 'mark', `C${attr.points}`));
        const share = covered[i]!;
        d.style.setProperty('--heat', String(Math.min(1, share)));
        d.classList.add('heat-cell');
        d.dataset.covered = String(share);
        d.title = `${attr?.name ?? `${c},${row}`}: covered in ${pct(share)} of the games${score[i] === null ? '' : `, mean move score ${f1(score[i]!)}`}`;
      }
      grid.append(d);
    }
  }
  return grid;
}

function render(m: PlaytestMessage): void {
  const r = m.report;
  app.replaceChildren();
  const header = el('header');
  header.append(el('h1', undefined, `Playtest: ${r.ruleset.name}`));
  header.append(el('p', undefined, `${r.games} games, ${r.players} players, level ${r.level}, seed "${r.seed}"`));
  app.append(header, summary(r));
  app.append(el('h2', undefined, 'Average move score by round'));
  const chart = el('div', 'chart-box');
  chart.id = 'rounds';
  chart.append(barChart(r.moveScoreByRound.map((x) => String(x.round)), [{ name: 'mean move score', className: 'cards', values: r.moveScoreByRound.map((x) => x.mean) }], { title: 'Average move score by round', yLabel: 'points', format: f1 }));
  app.append(chart);
  app.append(el('h2', undefined, 'Table: how often each cell is covered'));
  app.append(heatMap(m));
  app.append(el('h2', undefined, 'Cards'));
  const table = el('table', 'stats');
  table.id = 'cards';
  const head = el('tr');
  for (const h of ['Card', 'Copies', 'Laid / game', 'Traded / game', 'Stuck / game', 'Copies laid', 'Learned value']) head.append(el('th', undefined, h));
  table.append(head);
  for (const c of r.cards.slice().sort((a, b) => (b.value ?? 0) - (a.value ?? 0))) {
    const tr = el('tr');
    for (const v of [c.card, String(c.copies), f1(c.laid), f1(c.traded), f1(c.stuck), pct(c.laidShare), c.value === null ? '–' : f1(c.value)]) tr.append(el('td', undefined, v));
    if (c.laid === 0) tr.classList.add('off');
    tr.title = c.laid === 0 ? 'never laid' : '';
    table.append(tr);
  }
  app.append(table);
  app.append(el('h2', undefined, 'Most played words'));
  app.append(el('p', 'words', r.words.map((w) => `${w.word} ${w.count}`).join(', ') || '(none)'));
}

function show(m: ToWebview): void {
  if (m.type === 'playtest') render(m);
  else if (m.type === 'error') app.replaceChildren(el('p', 'errors', m.message));
}

window.addEventListener('message', (e: MessageEvent<ToWebview>) => show(e.data));
vscode.postMessage({ type: 'ready' });
