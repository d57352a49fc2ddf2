// The server stopping, as a player sees it in real Chromium: a Cardwords and a Yatzee panel
// are open when the server (a child process of this test) gets SIGTERM. Each room sends
// `stopping` and closes with CLOSE.SERVER_STOPPING (server/game/room-base.ts); the panels
// say so in the player's language (the Yatzee page is German), as information (the game is
// kept), not as a red error, and the pages log no console error.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwJoin } from '../game/cardwords-helpers.js';
import { translator } from '../../media/ui/l10n/index.js';
import { launch, openPage, type TestPage } from './browser.js';

let srv: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  const dir = copySample('tiny');
  const cardset = join(dir, 'tiny.cardset');
  writeFileSync(cardset, `${readFileSync(cardset, 'utf8').replace(/^24/, '28').trimEnd()}\n[  0] [  1] [  0] [  2]\n`);
  [srv, browser] = await Promise.all([startServer({ args: ['--ruleset', dir, '--robot-delay', '30'] }), launch()]);
});

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

/** A page that also collects console errors (a failed WebSocket reconnection logs one; a refused join again while the server is away is the browser's own). */
async function page(locale = 'en-US'): Promise<TestPage & { console: string[] }> {
  const p = await openPage(browser, { width: 1280, height: 720, locale });
  const console: string[] = [];
  p.page.on('console', (m) => {
    // the page tries to join again while the server is away (media/ui/rejoin.ts): the browser
    // logs each refused request itself, which no page can silence
    if (m.type() === 'error' && !/^Failed to load resource: net::ERR_CONNECTION_REFUSED/.test(m.text())) console.push(m.text());
  });
  return { ...p, console };
}

/** The status line is not in the error colour (style.css: `.status[data-kind="error"]`). */
const notRed = (p: TestPage, selector: string) =>
  p.page.evaluate((sel) => {
    const e = document.querySelector(sel)!;
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'var(--error)';
    const red = getComputedStyle(probe).color;
    probe.remove();
    return getComputedStyle(e).color !== red;
  }, selector);

describe('the server stopping, in the panels', () => {
  it('SIGTERM: an open Cardwords and an open Yatzee panel say the server is stopping, in their language, as information, with no console error', async () => {
    const cw = await page();
    await cw.page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&quick=1&level=best&seed=s2&name=Ann`);
    await cw.page.waitForSelector('#cw-area');
    await expect.poll(() => cw.page.locator('#cw-hand [data-index]').count()).toBe(4);
    const yz = await page('de-DE');
    await yz.page.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=stopping`);
    await yz.page.fill('#yatzee-create-name', 'Bo');
    await yz.page.click('#yatzee-create-button');
    await yz.page.waitForSelector('#yatzee-dice');
    await yz.page.keyboard.press('Enter');
    await expect.poll(() => yz.page.getAttribute('#yatzee-throws-left', 'data-left')).toBe('2');

    expect(await srv.stop()).toBe(0);
    // the page's own words (the `stopping` message's text is English), and that it will reconnect
    await expect.poll(() => cw.page.textContent('#cw-status')).toBe(translator('en')('conn.stopping'));
    expect(await cw.page.getAttribute('#cw-status', 'data-kind')).toBe('info');
    expect(await notRed(cw, '#cw-status')).toBe(true);
    await expect.poll(() => yz.page.textContent('#yatzee-status')).toBe(translator('de')('conn.stopping'));
    expect(await yz.page.getAttribute('#yatzee-status', 'data-kind')).toBe('info');
    expect(await notRed(yz, '#yatzee-status')).toBe(true);
    // the table stays in view as it was (the game is kept on the server's disk)
    expect(await cw.page.locator('#cw-hand [data-index]').count()).toBe(4);
    expect(await yz.page.locator('#yatzee-dice .die').count()).toBe(5);
    for (const p of [cw, yz]) {
      expect(p.errors).toEqual([]);
      expect(p.console).toEqual([]);
    }
  });

  it('a Yatzee page whose last person left, ending the game: the server stopping right after is no news (the results stay, no reconnecting, no join again)', async () => {
    // defect: a guest of an Emacs local server left last; the bridge stopped the server once
    // its list had nobody left (an ended game leaves it before its room closes the page), and
    // the page said "The server is stopping. The game is kept: reconnecting…" over the results,
    // trying for ever
    const own = await startServer({ args: ['--robot-delay', '30'] });
    try {
      const yz = await page();
      // the server stops the moment the game's end reaches the page, before the room closes it
      let stopped: Promise<number | null> | null = null;
      yz.page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          if (!stopped && typeof f.payload !== 'string' && f.payload.includes('ended')) stopped = own.stop();
        }),
      );
      await yz.page.goto(`${own.url}/yatzee.html?owner=${own.ownerToken}&seed=stop-after-end`);
      await yz.page.fill('#yatzee-create-name', 'Ann');
      await yz.page.fill('#yatzee-create-robots', '1');
      await yz.page.click('#yatzee-create-button');
      await yz.page.waitForSelector('#yatzee-dice');
      expect(stopped).toBeNull();
      await yz.page.click('#yatzee-leave');
      await yz.page.click('#yatzee-leave-confirm');
      await expect.poll(() => stopped !== null).toBe(true);
      expect(await stopped).toBe(0);
      await expect.poll(() => yz.page.getAttribute('main', 'data-connection')).toBe('closed');
      expect(await yz.page.locator('#connection').isHidden()).toBe(true);
      expect(await yz.page.textContent('#yatzee-status')).toMatch(/^You left the game, the last person playing in it: the game is over\. Winner: /);
      expect(await yz.page.locator('#yatzee-results-list li').count()).toBe(2);
      expect(yz.errors).toEqual([]);
      expect(yz.console).toEqual([]);
    } finally {
      await own.kill9();
    }
  });

  it('a closed browser’s seat, held for its player, does not hold up the stop: one SIGTERM, the process exits at once', async () => {
    // Colyseus kept the held seat's reconnection timer after the room was gone: the process
    // stayed for the whole --reconnect-timeout (here 60 s) after a Ctrl-C
    const own = await startServer({ args: ['--ruleset', copySample('tiny'), '--robot-delay', '30', '--reconnect-timeout', '60000'] });
    try {
      const cw = await page();
      await cw.page.goto(`${own.url}/cardwords.html?owner=${own.ownerToken}&quick=1&level=best&seed=s2&name=Ann`);
      await expect.poll(() => cw.page.locator('#cw-hand [data-index]').count()).toBe(4);
      const id = await cw.page.evaluate(() => new URLSearchParams(location.search).get('game'));
      const watcher = await cwJoin(own.url, id!, { owner: own.ownerToken });
      await cw.context.close();
      await until(() => [...watcher.state.players].find((s) => s.name === 'Ann')?.connected === false, 10_000, 'Ann seen as away');
      await watcher.leave();
      own.proc.kill('SIGTERM');
      const exit = await Promise.race([
        new Promise<string>((ok) => own.proc.once('exit', (code) => ok(`exit ${code}`))),
        new Promise<string>((ok) => setTimeout(() => ok('still running 20 s after one SIGTERM'), 20_000)),
      ]);
      expect(exit).toBe('exit 0');
    } finally {
      await own.kill9();
    }
  });
});
