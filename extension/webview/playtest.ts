/// <reference lib="dom" />
// The playtest report (webview script): a summary, what stands out in it (findings), the
// average move score by round as a bar chart, how many cards the moves lay and the trades
// trade (with the bonus file's points for each), per card how often it is laid, traded and
// stuck with its learned value, the most played words, and the heat map of covered cells
// drawn over the card table (the preview's blocked cells, factors and cell points; each
// cell's colour strength is how often it was covered, its tooltip the share and the mean
// score of the covering moves).
import type { PlaytestReport } from '../../core/protocol/language.js';
import { cardFigures, findingMessage, playedWordsHeading } from '../../core/robots/cardwords/findings.js';
import { barChart } from './chart.js';
import type { PlaytestMessage, ToWebview } from './messages.js';
import { el, t, vscode } from './vscodeApi.js';
import type { Strings } from './messages.js';

const app = document.getElementById('app')!;
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const f1 = (x: number) => x.toFixed(1);

function summary(r: PlaytestReport, s: Strings): HTMLElement {
  const dl = el('dl', 'summary');
  const row = (k: string, v: string) => dl.append(el('dt', undefined, k), el('dd', undefined, v));
  const spread = (x: { mean: number; sd: number; min: number; max: number }) => t(s, '{0} (sd {1}, {2}..{3})', f1(x.mean), f1(x.sd), String(x.min), String(x.max));
  row(t(s, 'Scores'), spread(r.scores));
  row(t(s, 'Winning margin'), spread(r.margin));
  row(t(s, 'Turns per game'), spread(r.turns));
  row(t(s, 'Endings'), t(s, 'went out {0}, all passed {1}', r.endings.out, r.endings.idle));
  row(t(s, 'First player'), t(s, 'wins {0} (95 % confidence interval {1} to {2}), {3} points against the others', pct(r.firstPlayer.winShare), pct(r.firstPlayer.low), pct(r.firstPlayer.high), `${r.firstPlayer.scoreDiff >= 0 ? '+' : ''}${f1(r.firstPlayer.scoreDiff)}`));
  row(t(s, 'Turns'), t(s, 'moves {0}, trades {1}, passes {2}', pct(r.actions.move), pct(r.actions.trade), pct(r.actions.pass)));
  return dl;
}

/** How the bonus file plays: moves by the cards they lay, trades by the cards they trade, with the file's points for each. */
function sizes(r: PlaytestReport, s: Strings): HTMLElement {
  const box = el('section', 'sizes');
  box.id = 'sizes';
  box.append(el('h2', undefined, t(s, 'Cards per move and per trade')));
  const labels = r.sizes.map((x) => String(x.cards));
  const chart = el('div', 'chart-box');
  chart.append(
    barChart(
      labels,
      [
        { name: t(s, 'moves laying this many cards'), className: 'cards', values: r.sizes.map((x) => x.moves * 100) },
        { name: t(s, 'trades of this many cards'), className: 'suggested', values: r.sizes.map((x) => x.trades * 100) },
      ],
      { title: t(s, 'Cards per move and per trade'), yLabel: t(s, 'share of the moves, of the trades'), format: (v) => `${f1(v)} %` },
    ),
  );
  box.append(chart);
  const table = el('table', 'stats');
  const head = el('tr');
  for (const h of [t(s, 'Cards'), t(s, 'Moves'), t(s, 'Lay bonus'), t(s, 'Trades'), t(s, 'Trade score')]) head.append(el('th', undefined, h));
  table.append(head);
  const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
  for (const x of r.sizes) {
    const tr = el('tr');
    tr.dataset.cards = String(x.cards);
    // no trade in these games: no share of them to give
    for (const v of [String(x.cards), pct(x.moves), signed(x.bonus), r.actions.trade > 0 ? pct(x.trades) : '–', signed(x.tradeScore)]) tr.append(el('td', undefined, v));
    table.append(tr);
  }
  box.append(table);
  box.append(el('p', 'note', t(s, 'Points from the bonus file: the lay bonus a move earns for laying this many cards, the score of a trade of this many.')));
  return box;
}

function heatMap(m: PlaytestMessage): HTMLElement {
  const { report: r, preview: p, strings: s } = m;
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
        const name = attr?.name ?? `${c},${row}`;
        d.title = score[i] === null ? t(s, '{0}: covered in {1} of the games', name, pct(share)) : t(s, '{0}: covered in {1} of the games, mean move score {2}', name, pct(share), f1(score[i]!));
      }
      grid.append(d);
    }
  }
  return grid;
}

function render(m: PlaytestMessage): void {
  const { report: r, preview: p, strings: s } = m;
  app.replaceChildren();
  const header = el('header');
  header.append(el('h1', undefined, t(s, 'Playtest: {0}', r.ruleset.name)));
  header.append(el('p', undefined, t(s, '{0, plural, one {# game} other {# games}}, {1, plural, one {# player} other {# players}}, level {2}, seed "{3}"', r.games, r.players, r.level, r.seed)));
  app.append(header, summary(r, s));
  // what stands out, in words, before the charts it is read from
  app.append(el('h2', undefined, t(s, 'What the games say')));
  const findings = el('ul', 'findings');
  findings.id = 'findings';
  for (const f of r.findings) {
    // cells named as the heat map's labels, under the editor's coordinate options
    const { template, args } = findingMessage(f, p ? (c, row) => p.cells[row * p.width + c]?.name ?? `${c},${row}` : undefined);
    const li = el('li', undefined, t(s, template, ...args));
    li.dataset.kind = f.kind;
    findings.append(li);
  }
  app.append(findings);
  app.append(el('h2', undefined, t(s, 'Average move score by round')));
  const chart = el('div', 'chart-box');
  chart.id = 'rounds';
  chart.append(barChart(r.moveScoreByRound.map((x) => String(x.round)), [{ name: t(s, 'mean move score'), className: 'cards', values: r.moveScoreByRound.map((x) => x.mean) }], { title: t(s, 'Average move score by round'), yLabel: t(s, 'points'), format: f1 }));
  app.append(chart);
  app.append(sizes(r, s));
  app.append(el('h2', undefined, t(s, 'Table: how often each cell is covered')));
  // the table and the card list keep their cells on one line; a narrow column scrolls them
  const heat = el('div', 'scroll-box');
  heat.append(heatMap(m));
  app.append(heat);
  app.append(el('h2', undefined, t(s, 'Cards')));
  const table = el('table', 'stats');
  table.id = 'cards';
  const head = el('tr');
  for (const h of [t(s, 'Card'), t(s, 'Copies'), t(s, 'Laid / game'), t(s, 'Traded / game'), t(s, 'Stuck / game'), t(s, 'Copies laid'), t(s, 'Learned value')]) head.append(el('th', undefined, h));
  table.append(head);
  for (const c of r.cards.slice().sort((a, b) => (b.value ?? 0) - (a.value ?? 0))) {
    const tr = el('tr');
    // laid and stuck rounded together: they never read more than the copies
    const shown = cardFigures(c);
    for (const v of [c.card, String(c.copies), f1(shown.laid), f1(c.traded), f1(shown.stuck), pct(c.laidShare), c.value === null ? '–' : f1(c.value)]) tr.append(el('td', undefined, v));
    if (c.laid === 0) tr.classList.add('off');
    tr.title = c.laid === 0 ? t(s, 'never laid') : '';
    table.append(tr);
  }
  const cards = el('div', 'scroll-box');
  cards.append(table);
  app.append(cards);
  // cut to the first PLAYED_LISTED: said, as the CLI's report says it
  const heading = playedWordsHeading(r);
  const words = el('h2', undefined, t(s, heading.template, ...heading.args));
  words.id = 'words';
  app.append(words);
  app.append(el('p', 'words', r.words.map((w) => `${w.word} ${w.count}`).join(', ') || t(s, '(none)')));
}

function show(m: ToWebview): void {
  if (m.type === 'playtest') render(m);
  else if (m.type === 'error') app.replaceChildren(el('p', 'errors', m.message));
}

window.addEventListener('message', (e: MessageEvent<ToWebview>) => show(e.data));
vscode.postMessage({ type: 'ready' });
