// The Cardwords panel's layout in real Chromium: at 1280x720 (a laptop browser) and 900x700
// (a VS Code editor column) the whole table, the hand, the action area and the move's
// preview lie inside the window without scrolling (at 1280x720 the robot's best moves too),
// and the page never scrolls sideways; 1920x1080 too. Screenshots of each size, light and dark, go to test-artifacts/ui/.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/game-server.js';
import { copySample } from '../game/cardwords-helpers.js';
import { SHOTS, launch, openPage } from './browser.js';

let srv: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  [srv, browser] = await Promise.all([startServer({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '30'] }), launch()]);
});

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

// `hints`: the robot's best moves lie in the window too (beside the play column; at 900x700
// they are under it, below the fold: the play column has no room left)
const SIZES = [
  { width: 1280, height: 720, strict: true, hints: true },
  { width: 900, height: 700, strict: true, hints: false },
  // one column (a narrow VS Code editor column): the table leaves the action area and the hand
  // room above the fold, whose turn it is right above the area; the best moves come right
  // under the table and are scrolled into view as they open, the whole table with them, so a
  // move chosen is seen where it lies (the score board follows)
  { width: 620, height: 720, strict: true, hints: true, narrow: true },
  { width: 1920, height: 1080, strict: true, hints: true },
] as const;

async function boxes(page: Page, hints: boolean, narrow = false, more: string[] = []): Promise<Record<string, { x: number; y: number; right: number; bottom: number } | null>> {
  return page.evaluate(([hints, narrow, more]) => {
    const out: Record<string, { x: number; y: number; right: number; bottom: number } | null> = {};
    for (const id of ['cw-table', 'cw-hand', 'cw-area', ...(narrow ? [] : ['cw-preview', 'cw-scores']), ...(hints ? ['cw-hints'] : []), ...more]) {
      const e = document.getElementById(id);
      const r = e?.getBoundingClientRect();
      out[id] = r ? { x: r.x, y: r.y, right: r.right, bottom: r.bottom } : null;
    }
    return out;
  }, [hints, narrow, more] as const);
}

describe('landing page layout', () => {
  for (const size of SIZES) {
    it(`${size.width}x${size.height}: the owner's buttons and the games list, no sideways scroll (light and dark)`, async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const { page, context, errors } = await openPage(browser, { width: size.width, height: size.height, colorScheme: scheme });
        try {
          await page.goto(`${srv.url}/?owner=${srv.ownerToken}`);
          await page.waitForSelector('#play-robot');
          // the list drawn (no game open: its empty table shows nothing under 40rem, where each
          // game is a block of its own, and "No open games" is said)
          await page.waitForSelector('#games', { state: 'attached' });
          await page.waitForSelector('#games tbody tr, #empty:not([hidden])');
          const r = await page.locator('#play-robot').boundingBox();
          expect(r!.y + r!.height).toBeLessThanOrEqual(size.height);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          await page.screenshot({ path: join(SHOTS, `landing-${size.width}x${size.height}-${scheme}.png`) });
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    });
  }
});

describe('Cardwords panel layout', () => {
  for (const size of SIZES) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${size.width}x${size.height} ${scheme}: table, hand, action area${'narrow' in size ? '' : ' and preview'}${size.hints ? ' and the best moves' : ''} in view, no sideways scroll`, async () => {
        const { page, context, errors } = await openPage(browser, { width: size.width, height: size.height, colorScheme: scheme });
        try {
          await page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&quick=1&level=best&seed=s2&name=Ann`);
          await page.waitForSelector('#cw-area');
          await page.waitForSelector('#cw-hand [data-index]');
          if ('narrow' in size) {
            // before the hint: the table whole, and the whose-turn line between it and the action
            // area (it was at the bottom, under the hand and the score board)
            const at = await boxes(page, false, true, ['cw-pile']);
            for (const [id, r] of Object.entries(at)) expect(r!.bottom, `${id} bottom`).toBeLessThanOrEqual(size.height);
            expect(at['cw-table']!.y).toBeGreaterThanOrEqual(0);
            expect(at['cw-pile']!.y).toBeGreaterThanOrEqual(at['cw-table']!.bottom);
            expect(at['cw-pile']!.bottom).toBeLessThanOrEqual(at['cw-area']!.y);
            // a first move off the start cell (s2: N1 N2 * A1; NA down from B2): why Return trades
            // shows right under the buttons, in view with the area and the hand (defect: it was
            // in the preview below the fold, and only "Trade 2 cards" told of a trade)
            await page.keyboard.type('b2n1a');
            await expect.poll(() => page.textContent('#cw-ok')).toBe('Trade 2 cards');
            const why = page.getByText('The first move must obey the start condition (cover D4): from here Return trades the cards.');
            await expect.poll(() => why.count()).toBe(1);
            const r = (await why.boundingBox())!;
            const tools = (await page.locator('.cw-action [role="toolbar"]').boundingBox())!;
            expect(r.y - (tools.y + tools.height), 'right under the buttons').toBeLessThan(10);
            const seen = await boxes(page, false, true);
            expect([r.y, r.y + r.height, seen['cw-area']!.y, seen['cw-hand']!.bottom].every((y) => y >= 0 && y <= size.height), JSON.stringify([r, seen])).toBe(true);
            await page.keyboard.press('Escape');
          }
          // a move composed (the first move of the robot's hint list), so the preview has its words and score
          await page.keyboard.press('?');
          await page.waitForSelector('#cw-hints li');
          const kinds = await page.locator('#cw-hints li').evaluateAll((es) => es.map((e) => (e as HTMLElement).dataset.kind));
          for (let i = 0; i < kinds.indexOf('move'); i++) await page.keyboard.press('ArrowDown');
          await page.waitForSelector('#cw-preview-words li');
          const b = await boxes(page, size.hints, 'narrow' in size);
          // in one column the list is scrolled into view as it opens, with the table above it
          // whole (defect: under the preview, it pushed all but the table's last rows above the
          // view, and the move chosen could not be seen); the area and the hand come after them
          if ('narrow' in size) {
            delete b['cw-area'];
            delete b['cw-hand'];
          }
          for (const [id, r] of Object.entries(b)) {
            expect(r, id).not.toBeNull();
            expect(r!.x, `${id} left`).toBeGreaterThanOrEqual(0);
            expect(r!.y, `${id} top`).toBeGreaterThanOrEqual(0);
            expect(r!.right, `${id} right`).toBeLessThanOrEqual(size.width);
            expect(r!.bottom, `${id} bottom`).toBeLessThanOrEqual(size.height);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          // the table uses the room it has: at least half the window's height
          const table = (await boxes(page, false, true))['cw-table']!;
          expect(table.bottom - table.y).toBeGreaterThan(size.height / 2);
          await page.screenshot({ path: join(SHOTS, `cardwords-${size.width}x${size.height}-${scheme}.png`) });
          // the choices outside the list's scrolled view (the list scrolls, the page does not)
          const outside = () =>
            page.locator('#cw-hints ol').evaluate((ol) => {
              const box = ol.getBoundingClientRect();
              return Array.from(ol.querySelectorAll('li')).filter((li) => li.getBoundingClientRect().top < box.top - 1 || li.getBoundingClientRect().bottom > box.bottom + 1).map((li) => Number((li as HTMLElement).dataset.hint) + (li.classList.contains('selected') ? 's' : ''));
            });
          // beside the play column, all ten in view (the fixed height cut the tenth when lines wrapped); in one column the list scrolls
          expect(await page.locator('#cw-hints li').count()).toBe(10);
          if (size.hints && !('narrow' in size)) expect(await outside()).toEqual([]);
          // the arrows down to the last: the chosen one scrolled into the list's view
          for (let i = kinds.indexOf('move'); i < 9; i++) await page.keyboard.press('ArrowDown');
          await expect.poll(() => page.locator('#cw-hints li.selected').getAttribute('data-hint')).toBe('9');
          expect((await outside()).filter((x) => String(x).endsWith('s'))).toEqual([]);
          if ('narrow' in size) {
            // the chosen move's cards on the table in view, and the list with them
            const cells = await page.locator('#cw-table .cw-cell.composed').evaluateAll((cs) => cs.map((c) => [c.getBoundingClientRect().top, c.getBoundingClientRect().bottom]));
            expect(cells.length).toBeGreaterThan(0);
            for (const [top, bottom] of cells) expect(top! >= 0 && bottom! <= size.height, `cell ${top}..${bottom}`).toBe(true);
            const list = (await boxes(page, true, true))['cw-hints']!;
            expect(list.y >= 0 && list.bottom <= size.height, `list ${list.y}..${list.bottom}`).toBe(true);
            // the player's own move instead (Escape, then typing): the action area comes into
            // view, with the buttons and the hand (defect: the empty area alone, the rest below the fold)
            await page.keyboard.press('Escape');
            const inView = async (ids: string[]) => {
              const at = await boxes(page, false, true, ['cw-ok']);
              return ids.filter((id) => !(at[id]!.y >= 0 && at[id]!.bottom <= size.height));
            };
            await expect.poll(() => inView(['cw-area', 'cw-ok', 'cw-hand'])).toEqual([]);
            // a move of their own that Return trades (a first move off the start: A4 across), the
            // list still open: the line that says why and the move's cards on the table both in
            // view (defect: the page scrolled down to the line, and the cards went above the view)
            await page.keyboard.type('4an1a');
            await expect.poll(() => page.textContent('#cw-ok')).toBe('Trade 2 cards');
            await page.waitForSelector('#cw-braces');
            const composed = () => page.locator('#cw-table .cw-cell.composed, #cw-braces').evaluateAll((es) => es.map((e) => [(e as HTMLElement).dataset.name ?? e.id, Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().bottom)] as const));
            const seenNow = await composed();
            expect(seenNow.map(([id]) => id)).toEqual(['A4', 'B4', 'cw-braces']);
            expect(seenNow.filter(([, top, bottom]) => top < 0 || bottom > size.height), JSON.stringify(seenNow)).toEqual([]);
            await page.screenshot({ path: join(SHOTS, `cardwords-${size.width}x${size.height}-${scheme}-traded.png`) });
            await page.keyboard.press('Escape');
            await expect.poll(() => page.locator('#cw-composing [data-composed]').count()).toBe(0);
            // played (Return on an empty area passes), the list closes and the table comes back
            // into view (defect: the page stayed scrolled, the table's top 198 px above the view
            // and the robot's reply there unseen)
            await page.keyboard.press('Enter');
            await page.waitForSelector('#cw-hints', { state: 'detached' });
            await expect.poll(() => inView(['cw-table'])).toEqual([]);
            await page.screenshot({ path: join(SHOTS, `cardwords-${size.width}x${size.height}-${scheme}-played.png`) });
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('VS Code\'s dark high-contrast theme', () => {
  it('the player to move stands out readably on the score board (a light blue row under white text before)', async () => {
    // as VS Code's webview has it: the body's theme class, the theme's colours as variables,
    // and no dark colour scheme
    const { page, context } = await openPage(browser, { width: 1280, height: 720, colorScheme: 'light' });
    try {
      await page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&quick=1&level=best&seed=s2&name=Ann`);
      await page.waitForSelector('.cw-scores tr.turn');
      const ratio = await page.evaluate(() => {
        document.body.classList.add('vscode-high-contrast');
        document.documentElement.style.setProperty('--vscode-foreground', '#ffffff');
        document.documentElement.style.setProperty('--vscode-editor-background', '#000000');
        const row = getComputedStyle(document.querySelector('.cw-scores tr.turn')!);
        const rgb = (c: string) => c.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
        const lum = (c: string) => {
          const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)) as [number, number, number];
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [a, b] = [lum(row.color), lum(row.backgroundColor)].sort((x, y) => y - x) as [number, number];
        return (a + 0.05) / (b + 0.05);
      });
      // WCAG AA for text
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    } finally {
      await context.close();
    }
  });
});

describe('Cardwords results layout', () => {
  // The results header's long words ("adjustment", "Schlussausgleich") in narrow number
  // columns: a line may end only between words or at a soft hyphen, never inside a word.
  for (const locale of ['en-US', 'de-DE', 'da-DK']) {
    it(`900x700 ${locale}: the score board's headings whole; the results header breaks between words or at a soft hyphen only, the names whole beside it`, async () => {
      const { page, context, errors } = await openPage(browser, { width: 900, height: 700, colorScheme: 'dark', locale });
      try {
        await page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&quick=1&level=best&seed=s2&name=Ann`);
        await page.waitForSelector('#cw-hand [data-index]');
        // the score board's headings are whole (a single long word such as "Punkte" cannot wrap)
        const cut = await page.locator('#cw-scores thead th').evaluateAll((ths) =>
          ths.filter((th) => th.querySelector('.sr-only') === null && th.scrollWidth > th.clientWidth).map((th) => th.textContent),
        );
        expect(cut).toEqual([]);
        await page.click('#cw-end');
        await page.click('#cw-end-confirm');
        await page.waitForSelector('#cw-results-table thead th');
        // for every character after the first, whether its line is below the previous one's, and what came before it
        const breaks = await page.locator('#cw-results-table thead th').evaluateAll((ths) =>
          ths.flatMap((th) => {
            const text = th.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return [];
            const s = text.textContent ?? '';
            const r = document.createRange();
            // each visible letter's line (a range at a line's end may also give an empty rect
            // on the line before: the widest rect is the letter's)
            const tops: number[] = [];
            for (let i = 0; i < s.length; i++) {
              r.setStart(text, i);
              r.setEnd(text, i + 1);
              const rects = Array.from(r.getClientRects()).sort((a, b) => b.width - a.width);
              tops.push(rects[0]?.top ?? NaN);
            }
            const out: Array<{ text: string; before: string; at: number }> = [];
            let last = -1; // the previous letter (spaces and soft hyphens are no letters)
            for (let i = 0; i < s.length; i++) {
              if (s[i] === ' ' || s[i] === '\u00ad') continue;
              if (last >= 0 && tops[i]! > tops[last]! + 2) {
                const between = s.slice(last + 1, i);
                if (!between.includes(' ') && !between.includes('\u00ad')) out.push({ text: s, before: s[last]!, at: i });
              }
              last = i;
            }
            return out;
          }),
        );
        await page.locator('#cw-results').screenshot({ path: join(SHOTS, `cardwords-results-900x700-${locale}.png`) });
        expect(breaks).toEqual([]);
        // the players' names whole beside those columns (Danish read "Rob…" for Robot1)
        const names = await page.locator('#cw-results-table tbody .cut').evaluateAll((cs) => cs.map((c) => ({ name: c.textContent, whole: c.scrollWidth <= c.clientWidth })));
        expect(names.map((n) => n.name).sort()).toEqual(['Ann', 'Robot1']);
        expect(names.filter((n) => !n.whole)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
