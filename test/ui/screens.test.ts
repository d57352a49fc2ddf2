// The Yatzee and Lines panels at the sizes people use them (a laptop browser 1280x720, a
// VS Code editor column 900x700 or 620x720, a large screen 1920x1080), light and dark, kept as
// screenshots in test-artifacts/ui/screens/ to look at. Yatzee with ten players (you and nine
// robots, your 39-character name cut with an ellipsis): at 1280x720 the whole score table
// is in view; at no size does the page scroll sideways, nor at 420x800 the open games, a
// name without a break point and the owner's list of players.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../support/game-server.js';
import { launch, openPage, SHOTS } from './browser.js';

let srv: ServerProcess;
let browser: Browser;
const DIR = join(SHOTS, 'screens');
const SIZES = [
  [1280, 720],
  [900, 700],
  [1920, 1080],
] as const;
const SCHEMES = ['light', 'dark'] as const;
const LONG_NAME = 'Annabelle_Wilhelmina_Fitzgerald_Smythe9';

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  [srv, browser] = await Promise.all([startServer(), launch()]);
});

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

/** The owner (the longest name) and nine robots in a new Yatzee game, the first throw made. */
async function tenPlayers(p: Page): Promise<void> {
  await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=screens`);
  await p.fill('#yatzee-create-name', LONG_NAME);
  await p.fill('#yatzee-create-robots', '9');
  await p.click('#yatzee-create-button');
  await p.waitForSelector('#yatzee-dice');
  await expect.poll(() => p.locator('#yatzee-table thead th.player').count()).toBe(10);
  await p.keyboard.press('Enter');
  await p.waitForSelector('#yatzee-table td.mine.preview');
}

const sideways = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('screens', () => {
  it('the long name has 39 characters, the most a name may have', () => {
    expect(LONG_NAME).toHaveLength(39);
  });

  it('nothing is wider than a 420x800 window: the open games, a name without a break point, the owner’s list of players', async () => {
    // defects at 420 px: the open games' table made the page 521 px wide (566 in German), Join
    // and Watch off-screen; "You play as" and 39 W made it 632 px; the owner's "Remove a
    // player…" list was as wide as the longest name (650 px at 1280), "Remove…" off-screen
    const wide = 'W'.repeat(39);
    const owner = await openPage(browser, { width: 420, height: 800 });
    const other = await openPage(browser, { width: 420, height: 800 });
    try {
      const p = owner.page;
      await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}`);
      await p.fill('#yatzee-create-name', 'Ann');
      await p.fill('#yatzee-create-robots', '1');
      await p.click('#yatzee-create-button');
      await p.waitForSelector('#yatzee-dice');
      const id = new URL(p.url()).searchParams.get('game')!;
      // the second player's page in English (before joining), a page of its own in German
      const german = await openPage(browser, { width: 420, height: 800, locale: 'de-DE' });
      try {
        for (const [locale, l] of [['en-US', other.page], ['de-DE', german.page]] as const) {
          await l.goto(`${srv.url}/`);
          const watch = l.locator(`[data-watch="${id}"]`);
          await watch.waitFor();
          // the uptime in words (it said "up 1102 s"; media/lobby/uptime.ts, test/ui/l10n.test.ts)
          if (locale === 'en-US') await expect.poll(() => l.getByText(/^Server \S+, up \d+ (seconds?|minutes?), \d+ open games?\.$/).count()).toBe(1);
          await l.screenshot({ path: join(DIR, `games-420x800-${locale}.png`), fullPage: true });
          expect(await sideways(l), `the open games, ${locale}`).toBeLessThanOrEqual(0);
          for (const link of [watch, l.locator(`[data-game="${id}"] a[data-game]`)]) {
            const box = (await link.boundingBox())!;
            expect(box.x + box.width, `${locale}: the link in view`).toBeLessThanOrEqual(420);
          }
        }
      } finally {
        await german.context.close();
      }
      const q = other.page;
      await q.goto(`${srv.url}/yatzee.html?game=${id}`);
      await q.fill('#yatzee-name', wide);
      await q.keyboard.press('Enter');
      await q.waitForSelector('#yatzee-dice');
      await expect.poll(() => q.textContent('#yatzee-status')).toContain(`You play as ${wide}.`);
      await q.screenshot({ path: join(DIR, 'yatzee-long-name-420x800.png') });
      expect(await sideways(q), '"You play as" and 39 W').toBeLessThanOrEqual(0);
      await expect.poll(() => p.locator('#yatzee-remove option').allTextContents()).toEqual(['Remove a player…', 'Robot1', wide]);
      await p.screenshot({ path: join(DIR, 'yatzee-remove-420x800.png') });
      expect(await sideways(p), 'the owner’s list of players').toBeLessThanOrEqual(0);
      const ask = (await p.locator('#yatzee-remove-ask').boundingBox())!;
      expect(ask.x + ask.width, '"Remove…" in view').toBeLessThanOrEqual(420);
      await p.setViewportSize({ width: 1280, height: 720 });
      expect((await p.locator('#yatzee-remove').boundingBox())!.width, 'the list at 1280').toBeLessThanOrEqual(300);
      expect([...owner.errors, ...other.errors]).toEqual([]);
    } finally {
      await owner.context.close();
      await other.context.close();
    }
  });

  for (const [width, height] of SIZES) {
    for (const scheme of SCHEMES) {
      it(`Yatzee with ten players at ${width}x${height}, ${scheme}`, async () => {
        const { context, page: p, errors } = await openPage(browser, { width, height, colorScheme: scheme });
        try {
          await tenPlayers(p);
          // the name is cut with an ellipsis and given whole as the tooltip
          const name = p.locator('#yatzee-table th.player.mine .name');
          expect(await name.getAttribute('title')).toBe(`${LONG_NAME} (you)`);
          expect(await name.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
          await p.screenshot({ path: join(DIR, `yatzee-10-players-${width}x${height}-${scheme}.png`) });
          expect(await sideways(p)).toBeLessThanOrEqual(0);
          if (width === 1280) {
            const box = (await p.locator('#yatzee-table').boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(width);
            expect(box.y + box.height, 'the whole table in view').toBeLessThanOrEqual(height);
            const dice = (await p.locator('#yatzee-dice').boundingBox())!;
            expect(dice.y + dice.height).toBeLessThanOrEqual(height);
          }
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });

      if (width === 1280) {
        // a narrow VS Code editor column: the dice stack above the table and stay at the top
        // of the view as the page scrolls, so that they and the whole table are seen together
        it(`Yatzee with ten players in a 620x720 column, ${scheme}`, async () => {
          const { context, page: p, errors } = await openPage(browser, { width: 620, height: 720, colorScheme: scheme });
          try {
            await tenPlayers(p);
            await p.check('#yatzee-hints');
            // the robots throw from the game's seed as timing falls: a hold or "transfer now"
            await expect.poll(() => p.textContent('#yatzee-hint-line')).toMatch(/ · Best(?: hold|: transfer now)/);
            // scrolled to the end, the dice are still at the top of the view
            await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            await expect.poll(async () => (await p.locator('#yatzee-mine').boundingBox())!.y).toBeCloseTo(0, 0);
            // and scrolled to the table, they and the whole table are in view
            await p.locator('#yatzee-sheets').evaluate((e) => e.scrollIntoView({ block: 'end' }));
            await p.screenshot({ path: join(DIR, `yatzee-10-players-620x720-${scheme}.png`) });
            const mine = (await p.locator('#yatzee-mine').boundingBox())!;
            const hint = (await p.locator('#yatzee-hint-line').boundingBox())!;
            const table = (await p.locator('#yatzee-sheets').boundingBox())!;
            expect(mine.y, 'the dice in view').toBeGreaterThanOrEqual(0);
            expect(hint.y + hint.height, 'the hint above the table').toBeLessThanOrEqual(table.y);
            expect(table.y + table.height - mine.y, 'the dice and the whole table fit the height').toBeLessThanOrEqual(720);
            // the keys' help and Leave come after the table
            const leave = (await p.locator('#yatzee-leave').boundingBox())!;
            expect(leave.y).toBeGreaterThan(table.y + table.height);
            expect(await sideways(p)).toBeLessThanOrEqual(0);
            expect(errors).toEqual([]);
          } finally {
            await context.close();
          }
        });
      }

      it(`Lines at ${width}x${height}, ${scheme}`, async () => {
        const { context, page: p, errors } = await openPage(browser, { width, height, colorScheme: scheme });
        try {
          await p.goto(`${srv.url}/lines.html?seed=screens`);
          await p.waitForSelector('.lines-board .cell');
          await p.keyboard.press('?');
          await p.screenshot({ path: join(DIR, `lines-${width}x${height}-${scheme}.png`) });
          expect(await sideways(p)).toBeLessThanOrEqual(0);
          const board = (await p.locator('.lines-board').boundingBox())!;
          expect(board.x + board.width).toBeLessThanOrEqual(width);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
