// VS Code's card-table preview panel (the built webview script, dist/webview/tablePreview.js)
// in Chromium with a stand-in acquireVsCodeApi: what it says when it draws no grid.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TablePreview } from '../../core/protocol/language.js';
import type { TablePreviewMessage } from '../../extension/webview/messages.js';
import { launch, openPage } from './browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

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
