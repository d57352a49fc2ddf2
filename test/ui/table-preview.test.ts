// VS Code's card-table preview panel (the built webview script, dist/webview/tablePreview.js)
// in Chromium with a stand-in acquireVsCodeApi: what it says when it draws no grid; and the
// playtest report's (dist/webview/playtest.js) most played words.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TablePreview } from '../../core/protocol/language.js';
import { PLAYED_LISTED, type PlaytestReport } from '../../core/robots/cardwords/playtest.js';
import type { PlaytestMessage, TablePreviewMessage } from '../../extension/webview/messages.js';
import { launch, openPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** An empty page with a stand-in acquireVsCodeApi that keeps no state, for a webview script. */
async function stubPage(page: Page): Promise<void> {
  await page.setContent('<!DOCTYPE html><html lang="en"><body><div id="app"></div></body></html>');
  // (setContent does not navigate, so an init script would not run)
  await page.evaluate(() => {
    (window as unknown as { acquireVsCodeApi(): unknown }).acquireVsCodeApi = () => ({ postMessage: () => undefined, getState: () => undefined, setState: () => undefined });
  });
}

const empty = (size: TablePreview['size']): TablePreview => ({
  uri: 'file:///r/big.cardtable', version: 1, width: 0, height: 0, size, maxCells: 250_000,
  coordinates: { digitsForColumns: false, columnsGrowRightwards: true, rowsGrowUpwards: false },
  columnLabels: [], rowLabels: [], cells: [], special: [], blocked: [],
  start: { column: 500, row: 500, touchColumn: null, touchRow: null, description: '' }, errors: 0,
});

it('a table too large to preview: its real size and why there is no grid (it read "Card table 0 × 0", "The table size cannot be read." with no reason)', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await page.setContent('<!DOCTYPE html><html lang="en"><body><div id="app"></div></body></html>');
    // (setContent does not navigate, so an init script would not run)
    await page.evaluate(() => {
      let state: unknown;
      (window as unknown as { acquireVsCodeApi(): unknown }).acquireVsCodeApi = () => ({ postMessage: () => undefined, getState: () => state, setState: (s: unknown) => (state = s) });
    });
    await page.addScriptTag({ content: readFileSync('dist/webview/tablePreview.js', 'utf8') });
    const show = (model: TablePreview) => page.evaluate((m) => window.postMessage(m, '*'), { type: 'tablePreview', model, cellSize: 32, strings: {} } satisfies TablePreviewMessage);
    await show(empty({ width: 1000, height: 1000 }));
    await expect.poll(() => page.textContent('h1')).toBe('Card table 1000 × 1000');
    expect(await page.textContent('.empty')).toBe('Too large to preview: more than 250,000 cells.');
    expect(await page.locator('#start').count()).toBe(0);
    // an unreadable size is still said as such
    await show(empty(null));
    await expect.poll(() => page.textContent('.empty')).toBe('The table size cannot be read.');
    expect(await page.locator('.reason').count()).toBe(0);
    // with the server's reason, the author reads what to mend and where
    await show({ ...empty(null), sizeUnreadable: { message: 'The size line must be two numbers.', code: 'cardtable/size', line: 2, character: 0 } });
    await expect.poll(() => page.textContent('.reason')).toBe('Line 3: The size line must be two numbers.');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

it("marks a cell as the card table writes it, C5 W2 L2, as the game's table does (it read 2L 2W +5), and the legend's cell points by their letter (an empty box)", async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await stubPage(page);
    await page.addStyleTag({ content: readFileSync('dist/webview/styles.css', 'utf8') });
    await page.addScriptTag({ content: readFileSync('dist/webview/tablePreview.js', 'utf8') });
    const cell = (column: number, row: number, a: Partial<TablePreview['cells'][number]> = {}) => ({ column, row, name: `${'AB'[column]}${row + 1}`, blocked: false, points: 0, letterFactor: 1, wordFactor: 1, ...a });
    const cells = [cell(0, 0, { points: 5, wordFactor: 2, letterFactor: 2 }), cell(1, 0, { points: -3 }), cell(0, 1, { letterFactor: 3 }), cell(1, 1, { blocked: true })];
    const model: TablePreview = { ...empty({ width: 2, height: 2 }), width: 2, height: 2, columnLabels: ['A', 'B'], rowLabels: ['1', '2'], cells, start: { column: 0, row: 0, touchColumn: null, touchRow: null, description: '' } };
    await page.evaluate((m) => window.postMessage(m, '*'), { type: 'tablePreview', model, cellSize: 32, strings: {} } satisfies TablePreviewMessage);
    const marks = (c: number, r: number) => page.locator(`#grid .cell[data-column="${c}"][data-row="${r}"] span`).allTextContents();
    await expect.poll(() => marks(0, 0)).toEqual(['C5', 'W2', 'L2']);
    expect(await marks(1, 0)).toEqual(['C-3']);
    expect(await marks(0, 1)).toEqual(['L3']);
    expect(await marks(1, 1)).toEqual([]);
    // the legend's swatch for cell points shows something: its letter, in bold
    const swatch = page.locator('.legend .swatch.points');
    expect(await swatch.textContent()).toBe('C');
    expect((await swatch.boundingBox())!.width).toBeGreaterThan(4);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);

it('the playtest report says when its most played words are cut, as the CLI does (it read "Most played words" over 25 of 29)', async () => {
  const { page, context, errors } = await openPage(browser);
  try {
    await stubPage(page);
    await page.addScriptTag({ content: readFileSync('dist/webview/playtest.js', 'utf8') });
    const spread = { mean: 1, sd: 0, min: 1, max: 1 };
    const words = Array.from({ length: PLAYED_LISTED }, (_, i) => ({ word: `W${i}`, count: PLAYED_LISTED - i }));
    const report: PlaytestReport = {
      ruleset: { name: 'r', digest: 'd' }, games: 2, players: 2, level: 'best', seed: 's', scores: spread, margin: spread, turns: spread,
      endings: { out: 2, idle: 0 }, firstPlayer: { winShare: 0.5, low: 0.1, high: 0.9, scoreDiff: 0 }, moveScoreByRound: [{ round: 1, mean: 3, moves: 4 }],
      actions: { move: 1, trade: 0, pass: 0 }, sizes: [], cards: [], words, wordsPlayed: PLAYED_LISTED + 4,
      cells: { width: 1, height: 1, covered: [1], score: [3], blocked: [false] }, findings: [{ kind: 'none' }],
    };
    const show = (r: PlaytestReport) => page.evaluate((m) => window.postMessage(m, '*'), { type: 'playtest', report: r, preview: null, strings: {} } satisfies PlaytestMessage);
    await show(report);
    await expect.poll(() => page.textContent('#words')).toBe(`Most played words (the ${PLAYED_LISTED} most played of ${PLAYED_LISTED + 4})`);
    // every word played listed: nothing to say
    await show({ ...report, wordsPlayed: PLAYED_LISTED });
    await expect.poll(() => page.textContent('#words')).toBe('Most played words');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}, 60_000);
