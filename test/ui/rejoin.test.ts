// A page keeps its game across a server's restart (media/ui/rejoin.ts, docs/ui.md
// "Connection"), in real Chromium against a real server process stopped and started again on
// the same data folder and port. The defect: after a restart (SIGTERM: the room's `stopping`
// and close 4001; SIGKILL: the socket just drops and the SDK's reconnection, which only knows
// the old process, gives up) the Cardwords and Yatzee pages never joined again. They showed
// the old state, a press on Play greyed the button and nothing was said, and the others saw
// the player away until a stand-in robot played for someone still looking at the page. Now
// each page joins again by itself as a reload does (the kept seat key), says so, refuses an
// action meanwhile in words, and shows the server's state when it is back.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getJSON, Player, startServer, until, type ServerProcess } from '../support/game-server.js';
import type { GameListing } from '../../core/protocol/game.js';
import { sharedServer } from '../support/shared-server.js';
import { copySample, cwCreate, cwJoin } from '../game/cardwords-helpers.js';
import { fullStop, sentence, translator } from '../../media/ui/l10n/index.js';
import { launch, openPage, shot, type TestPage } from './browser.js';

const en = translator('en');

/** The elements that show `text` as their own (in view or not, but drawn: not a screen reader's alone), by their nearest id. */
const seenAt = (page: Page, text: string) =>
  page.evaluate(
    (text) =>
      Array.from(document.querySelectorAll('body *'))
        .filter((e) => Array.from(e.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes(text)) && e.getBoundingClientRect().width > 1 && e.getBoundingClientRect().height > 1)
        .map((e) => e.closest('[id]')?.id),
    text,
  );
let browser: Browser;
let ruleset: string;
const servers: ServerProcess[] = [];
const pages: TestPage[] = [];

beforeAll(async () => {
  ruleset = copySample('tiny');
  const cardset = join(ruleset, 'tiny.cardset');
  writeFileSync(cardset, `${readFileSync(cardset, 'utf8').replace(/^24/, '28').trimEnd()}\n[  0] [  1] [  0] [  2]\n`);
  browser = await launch();
});

afterEach(async () => {
  for (const p of pages.splice(0)) await p.context.close();
  for (const s of servers.splice(0)) await s.kill9();
});

afterAll(async () => {
  await browser?.close();
});

/** A server on this test's data folder (and, started again, on the same port as before). */
async function serve(again?: ServerProcess): Promise<ServerProcess> {
  const s = await startServer({ args: ['--ruleset', ruleset, '--robot-delay', '30'], ...(again ? { dataDir: again.dataDir, port: again.port } : {}) });
  servers.push(s);
  return s;
}

/**
 * The server of the tests that restart none (test/support/shared-server.ts), on the same
 * ruleset and options as serve()'s. It carries the earlier tests' games; the ruleset's
 * approved words were already shared by every server of this file (one folder).
 */
const shared = sharedServer(() => ({ args: ['--ruleset', ruleset, '--robot-delay', '30'] }));

async function fresh(locale = 'en-US'): Promise<TestPage> {
  const p = await openPage(browser, { width: 1280, height: 720, locale });
  pages.push(p);
  return p;
}

interface Snap {
  turn: number;
  seat: number;
  status: string;
  moves: number;
  players: Array<{ name: string }>;
}
const snap = (p: Page) => p.evaluate(() => (window as unknown as { cardwordsPanel: { snapshot(): unknown } }).cardwordsPanel.snapshot()) as Promise<Snap>;
const connection = (p: Page) => p.evaluate(() => document.getElementById('main')?.dataset.connection ?? null);

/** The game's log on the server's disk: a stand-in's action is marked `"standIn":true` (docs/server.md). */
function logOf(dataDir: string, id: string): string {
  const dir = join(dataDir, 'games');
  const file = readdirSync(dir).find((f) => f === `${id}.log`);
  return file ? readFileSync(join(dir, file), 'utf8') : '';
}

async function joinAs(url: string, id: string, name: string): Promise<TestPage> {
  const p = await fresh();
  await p.page.goto(`${url}/cardwords.html?game=${id}`);
  await p.page.fill('#cw-name', name);
  await p.page.click('#cw-join-button');
  await p.page.waitForSelector('#cw-area');
  return p;
}

/**
 * Two people in two pages, Ann to move after Bo passed; the server goes (`how`) and comes
 * back on the same data and port. Both pages join again by themselves, show the server's
 * state, Ann can play, and no stand-in played for anyone (a stand-in plays a seat away for
 * the game's grace of 15 s: each page tries again at least every 10 s).
 */
async function cardwordsRestart(how: 'SIGTERM' | 'SIGKILL', shots: boolean): Promise<void> {
  let srv = await serve();
  const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, grace: 15, seed: 's2' });
  const id = owner.room.roomId;
  await owner.leave();
  const bo = await joinAs(srv.url, id, 'Bo');
  const ann = await joinAs(srv.url, id, 'Ann');
  const joined = Date.now();
  await expect.poll(async () => (await snap(bo.page)).status).toBe('playing');
  // Bo sat first: he moves first, and passes (the empty area's OK is Pass)
  expect((await snap(bo.page)).turn).toBe((await snap(bo.page)).seat);
  await bo.page.click('#cw-ok');
  await expect.poll(async () => (await snap(ann.page)).moves).toBe(1);
  const annSeat = (await snap(ann.page)).seat;
  expect((await snap(ann.page)).turn).toBe(annSeat);
  // Bo composes his next move on Ann's turn (a cell, then a card): it outlives the page's
  // joining again (it was lost with the old panel)
  await bo.page.locator('#cw-table [role=gridcell]').nth(24).click();
  await bo.page.locator('#cw-hand > *').first().click();
  const composing = async () => [await bo.page.textContent('#cw-location'), await bo.page.locator('#cw-composing [data-composed]').count()];
  const composed = await composing();
  expect(composed[1]).toBe(1);

  if (how === 'SIGTERM') expect(await srv.stop()).toBe(0);
  else {
    // the SDK reconnects by itself only a room up for 5 s (its minUptime), else it gives up at
    // once: the kill comes after that, so the pages go the way a player's do, the SDK's tries
    // first (refused by the new process: "seat reservation expired", close 4003), then the page's
    await expect.poll(() => Date.now() - joined >= 5500).toBe(true);
    await srv.kill9();
  }
  const lost = en(how === 'SIGTERM' ? 'conn.stopping' : 'conn.lost');
  for (const p of [ann, bo]) await expect.poll(() => p.page.textContent('#cw-status')).toBe(lost);
  // and a line above the game keeps saying it (the status line goes with the next message)
  for (const p of [ann, bo]) expect(await p.page.isVisible('#connection') && (await p.page.textContent('#connection'))).toBe(lost);
  // seen once, in that line; the status line speaks it (a live region) without showing it again (it stood in both, word for word)
  for (const p of [ann, bo]) expect(await seenAt(p.page, lost)).toEqual(['connection']);
  expect(await ann.page.getAttribute('#cw-status', 'data-kind')).toBe('info');
  // while the page is away, Ann's Return (Pass) is refused in words, and the button stays usable
  await ann.page.focus('#cw-area');
  await ann.page.keyboard.press('Enter');
  await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('conn.notSent'));
  expect(await ann.page.textContent('#cw-refusal')).toBe(en('conn.notSent'));
  // seen once, under the hand (the status line speaks it, and shows what it said before)
  expect(await seenAt(ann.page, en('conn.notSent'))).toEqual(['cw-refusal']);
  expect(await ann.page.isEnabled('#cw-ok')).toBe(true);
  expect(await ann.page.textContent('#connection')).toBe(lost);
  if (shots) await shot(ann.page, `rejoin-cardwords-${how}-reconnecting-1280x720`);
  // nothing of the old wording: no raw close code, no empty parentheses
  for (const p of [ann, bo]) expect(await p.page.textContent('#main')).not.toMatch(/\(\)|\(1006\)|\(4001\)|broke/);

  srv = await serve(srv);
  // both pages at once: "Connected again." gives way after a few seconds, and the pages may
  // come back that far apart (each tries on its own clock)
  await Promise.all(
    [ann, bo].map(async (p) => {
      await expect.poll(() => connection(p.page), { timeout: 30_000 }).toBe('open');
      await expect.poll(() => p.page.textContent('#cw-status')).toBe(en('conn.back'));
      expect(await p.page.isVisible('#connection')).toBe(false);
    }),
  );
  // the server's state: Bo's pass is there, and it is Ann's turn; Ann plays (passes) at once
  for (const p of [ann, bo]) {
    const s = await snap(p.page);
    expect([s.status, s.moves, s.turn]).toEqual(['playing', 1, annSeat]);
  }
  expect(await composing()).toEqual(composed);
  if (shots) await shot(ann.page, `rejoin-cardwords-${how}-reconnected-1280x720`);
  await ann.page.click('#cw-ok');
  await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('cw.done.pass', -1));
  await expect.poll(async () => (await snap(bo.page)).moves).toBe(2);
  // no stand-in played: the log has none, and the room's seats are their humans', both connected
  expect(logOf(srv.dataDir, id)).not.toContain('"standIn":true');
  const watcher = await cwJoin(srv.url, id, { owner: srv.ownerToken });
  const seats = [...watcher.state.players].map((p) => ({ name: p.name, auto: p.auto, standIns: p.standIns, connected: p.connected }));
  expect(seats.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
    { name: 'Ann', auto: false, standIns: 0, connected: true },
    { name: 'Bo', auto: false, standIns: 0, connected: true },
  ]);
  await watcher.leave();
  for (const p of [ann, bo]) expect(p.errors).toEqual([]);
}

describe('a page joins its game again after the server restarts', () => {
  it('Cardwords, two people: SIGTERM, then the server on the same data and port: both pages come back, Ann plays, no stand-in', async () => {
    await cardwordsRestart('SIGTERM', true);
  });

  it('Cardwords, two people: SIGKILL (the socket just drops), then the server again: both pages come back, Ann plays, no stand-in', async () => {
    await cardwordsRestart('SIGKILL', true);
  });

  it('a short network loss (the browser offline): the SDK reconnects by itself; meanwhile a Pass is refused in words; "Connected again." gives way to "Your turn."; after it Ann plays', async () => {
    const srv = await shared();
    const ann = await fresh();
    await ann.page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&quick=1&level=best&seed=s2&name=Ann`);
    await ann.page.waitForSelector('#cw-area');
    await expect.poll(async () => (await snap(ann.page)).status).toBe('playing');
    const s0 = await snap(ann.page);
    expect(s0.turn).toBe(s0.seat);
    // the SDK reconnects only a room up for 5 s (its minUptime)
    const joined = Date.now();
    await expect.poll(() => Date.now() - joined >= 5500).toBe(true);
    await ann.context.setOffline(true);
    await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('conn.lost'));
    await ann.page.focus('#cw-area');
    await ann.page.keyboard.press('Enter');
    await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('conn.notSent'));
    await ann.context.setOffline(false);
    await expect.poll(() => connection(ann.page)).toBe('open');
    await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('conn.back'));
    expect(await ann.page.isVisible('#connection')).toBe(false);
    // the refusal under the hand went with the loss (it stood there, "try again once it says it is connected")
    expect(await ann.page.textContent('#main')).not.toContain(en('conn.notSent'));
    // "Connected again." is a notice: it gives way to whose turn it is (it stood there until
    // something else was said, long after the reconnection)
    await expect.poll(() => ann.page.textContent('#cw-status'), { timeout: 15_000 }).toBe(fullStop(sentence(en('cw.yourTurn'))));
    await shot(ann.page, 'rejoin-cardwords-back-settled-1280x720');
    await ann.page.click('#cw-ok');
    await expect.poll(async () => (await snap(ann.page)).moves).toBeGreaterThan(s0.moves);
    expect(ann.errors).toEqual([]);
  });

  it('back after a short loss in a game over: "Connected again." gives way to who won (it left the status line empty)', async () => {
    const srv = await shared();
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, seed: 's2' });
    const bo = await cwJoin(srv.url, owner.room.roomId, { name: 'Bo' });
    const ann = await joinAs(srv.url, owner.room.roomId, 'Ann');
    await expect.poll(async () => (await snap(ann.page)).status).toBe('playing');
    // every player passes twice: over by the rules, the room stays for a rematch
    while ((await snap(ann.page)).status === 'playing') {
      const s = await snap(ann.page);
      if (s.turn === s.seat) await ann.page.click('#cw-ok');
      else expect((await bo.request('action', { text: 'pass' })).type).toBe('ack');
      await expect.poll(async () => { const x = await snap(ann.page); return x.status !== 'playing' || x.moves > s.moves; }).toBe(true);
    }
    expect(await ann.page.textContent('#cw-status')).toContain('The game is over');
    // the SDK reconnects only a room up for 5 s (its minUptime)
    const joined = Date.now();
    await expect.poll(() => Date.now() - joined >= 5500).toBe(true);
    await ann.context.setOffline(true);
    await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('conn.lost'));
    await ann.context.setOffline(false);
    await expect.poll(() => ann.page.textContent('#cw-status')).toBe(en('conn.back'));
    await expect.poll(() => ann.page.textContent('#cw-status'), { timeout: 15_000 }).toMatch(/^The game is over(: you win with -?\d+ points?!|\. Winner: [^.]+\.)$/);
    expect(ann.errors).toEqual([]);
    await owner.request('end');
  });

  it('one browser in two games (Cardwords, then Yatzee): a reload of the first game takes its seat back; it had been lost to the second', async () => {
    const srv = await shared();
    // Cardwords: two games of two people; Eve sits in both from one browser (two tabs)
    const ids: string[] = [];
    for (const seed of ['s2', 's3']) {
      const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, seed });
      ids.push(owner.room.roomId);
      await owner.leave();
    }
    const eve = await fresh();
    const tabs = [eve.page, await eve.context.newPage()];
    for (const [k, tab] of tabs.entries()) {
      await tab.goto(`${srv.url}/cardwords.html?game=${ids[k]}`);
      await tab.fill('#cw-name', 'Eve');
      await tab.click('#cw-join-button');
      await tab.waitForSelector('#cw-area');
    }
    // the first tab reloaded (the same player later, the page closed and opened again):
    // Eve's seat, not the join form with "Every seat is taken"
    await tabs[0]!.close();
    const again = await eve.context.newPage();
    await again.goto(`${srv.url}/cardwords.html?game=${ids[0]}`);
    await again.waitForSelector('#cw-area');
    const back = await snap(again);
    expect(back.players[back.seat]?.name).toBe('Eve');
    expect(await again.locator('#cw-join-button').count()).toBe(0);
    // and the second game's seat is still kept
    await tabs[1]!.reload();
    await tabs[1]!.waitForSelector('#cw-area');

    // Yatzee: Eve creates two games (the owner's link) and reloads the first
    const yz: Page[] = [];
    for (const seed of ['y1', 'y2']) {
      const tab = await eve.context.newPage();
      await tab.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=${seed}`);
      await tab.fill('#yatzee-create-name', 'Eve');
      await tab.click('#yatzee-create-button');
      await tab.waitForSelector('#yatzee-dice');
      yz.push(tab);
    }
    await yz[0]!.keyboard.press('Enter');
    await expect.poll(() => yz[0]!.getAttribute('#yatzee-throws-left', 'data-left')).toBe('2');
    await yz[0]!.reload();
    // the sheet with its throw, not "That name is taken in this game"
    await expect.poll(() => yz[0]!.getAttribute('#yatzee-throws-left', 'data-left'), { timeout: 30_000 }).toBe('2');
    expect(await yz[0]!.textContent('#yatzee-status')).not.toMatch(/taken/);
  });

  it('Yatzee (German): the page comes back after SIGTERM and a start again, with the dice as the server has them, and throws', async () => {
    let srv = await serve();
    const de = translator('de');
    const yz = await fresh('de-DE');
    await yz.page.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=rejoin`);
    await yz.page.fill('#yatzee-create-name', 'Bo');
    await yz.page.click('#yatzee-create-button');
    await yz.page.waitForSelector('#yatzee-dice');
    // the owner token, kept by the page, is out of its address: a friend given the address was
    // the owner (docs/ui.md); the tab names its game, in German (every tab read "Kniffel · Cardwords")
    const address = new URL(yz.page.url());
    expect([...address.searchParams.keys()]).toEqual(['game']);
    expect(await yz.page.title()).toBe(`${de('yatzee.docTitle', address.searchParams.get('game')!)} · Cardwords`);
    await yz.page.keyboard.press('Enter');
    await expect.poll(() => yz.page.getAttribute('#yatzee-throws-left', 'data-left')).toBe('2');
    const dice = await yz.page.locator('#yatzee-dice .die').evaluateAll((es) => es.map((e) => e.getAttribute('aria-label')));

    expect(await srv.stop()).toBe(0);
    const stopped = Date.now();
    await expect.poll(() => yz.page.textContent('#yatzee-status')).toBe(de('conn.stopping'));
    expect(await seenAt(yz.page, de('conn.stopping'))).toEqual(['connection']);
    // a throw meanwhile is refused in words (it was queued by the SDK and lost)
    await yz.page.focus('#yatzee-dice .die');
    await yz.page.keyboard.press('Enter');
    await expect.poll(() => yz.page.textContent('#yatzee-status')).toBe(de('conn.notSent'));
    expect(await yz.page.getAttribute('#yatzee-throws-left', 'data-left')).toBe('2');
    expect(await yz.page.textContent('#connection')).toBe(de('conn.stopping'));
    await shot(yz.page, 'rejoin-yatzee-reconnecting-1280x720');

    // back 7 s after the stop (a slow restart): the page tried 1, 3 and 7 s after the stop and
    // next at 15 s, so it stood on "reconnecting…" about 7 s after the server was back; now it
    // tries every half second for the first 10 s, and is back within a second or so
    await expect.poll(() => Date.now() - stopped >= 7000, { timeout: 10_000 }).toBe(true);
    srv = await serve(srv);
    const listening = Date.now();
    await expect.poll(() => connection(yz.page), { timeout: 30_000 }).toBe('open');
    expect(Date.now() - listening).toBeLessThan(2500);
    await expect.poll(() => yz.page.textContent('#yatzee-status')).toBe(de('conn.back'));
    expect(await yz.page.isVisible('#connection')).toBe(false);
    expect(await yz.page.getAttribute('#yatzee-throws-left', 'data-left')).toBe('2');
    expect(await yz.page.locator('#yatzee-dice .die').evaluateAll((es) => es.map((e) => e.getAttribute('aria-label')))).toEqual(dice);
    await shot(yz.page, 'rejoin-yatzee-reconnected-1280x720');
    // the notice goes: the table says how the game stands
    await expect.poll(() => yz.page.textContent('#yatzee-status'), { timeout: 15_000 }).toBe('');
    await shot(yz.page, 'rejoin-yatzee-back-settled-1280x720');
    await yz.page.focus('#yatzee-dice .die');
    await yz.page.keyboard.press('Enter');
    await expect.poll(() => yz.page.getAttribute('#yatzee-throws-left', 'data-left')).toBe('1');
    expect(yz.errors).toEqual([]);
  });
});

/** The page's game log, line by line. */
const logLines = (p: Page) => p.locator('#cw-log li').allTextContents();

describe('a page no longer playing its seat, and its log across a restart', () => {
  it('Cardwords: the seat taken back in a second tab: the first says so, shows no hand and no turn of its own, and offers Play here (which takes the seat back) and Watch', async () => {
    const srv = await shared();
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 2, seed: 's2' });
    const id = owner.room.roomId;
    await owner.leave();
    await joinAs(srv.url, id, 'Bo');
    const ann = await joinAs(srv.url, id, 'Ann');
    await expect.poll(async () => (await snap(ann.page)).status).toBe('playing');
    const seat = (await snap(ann.page)).seat;
    // the same seat key in a second tab: the server hands it the seat
    const second = await ann.context.newPage();
    await second.goto(`${srv.url}/cardwords.html?game=${id}`);
    await second.waitForSelector('#cw-area');
    expect((await snap(second)).seat).toBe(seat);
    const first = ann.page;
    // no hand, no action area, no "your turn": said where the hand was, with the two ways on
    await expect.poll(() => first.locator('#cw-hand .cw-card, #cw-area, #cw-ok').count()).toBe(0);
    expect(await first.textContent('#cw-status')).toBe(en('conn.takenBack'));
    expect(await first.getAttribute('#cw-status', 'data-kind')).toBe('info');
    expect((await snap(first)).seat).toBe(-1);
    // nor the table, the score board and the log as they stood: this page no longer follows the
    // game (defect: they stayed, and their scores were read as current); Play here or Watch brings them back live
    expect(await first.locator('#cw-table, #cw-scores, #cw-pile, #cw-log').count()).toBe(0);
    expect(await first.textContent('#cw-watch-again p')).toBe(en('conn.takenBack'));
    expect(await first.textContent('#cw-watch-again-play')).toBe(en('conn.playHere'));
    expect(await first.textContent('#cw-watch-again-button')).toBe(en('app.watchGame'));
    expect(await first.textContent('#main')).not.toContain(en('conn.notSentClosed'));
    await shot(first, 'rejoin-cardwords-taken-back-1280x720');
    // Play here: this page plays the seat again, the second tab is the one out of play now
    await first.click('#cw-watch-again-play');
    await first.waitForSelector('#cw-area');
    expect((await snap(first)).seat).toBe(seat);
    await expect.poll(() => first.textContent('#cw-status')).toBe(en('conn.playingHere'));
    await shot(first, 'rejoin-cardwords-play-here-1280x720');
    await expect.poll(() => second.locator('#cw-watch-again-play').count()).toBe(1);
    expect(await second.locator('#cw-hand .cw-card, #cw-area').count()).toBe(0);
    // the second tab watches instead: the first keeps the seat
    await second.click('#cw-watch-again-button');
    await expect.poll(() => second.textContent('#cw-status')).toBe(en('cw.watching'));
    expect(await first.isVisible('#cw-area')).toBe(true);
    expect(await connection(first)).toBe('open');
    // defect: the watching tab reloaded (?watch=1) took the seat it keeps, and the first lost it
    expect(new URL(second.url()).searchParams.get('watch')).toBe('1');
    await second.reload();
    await expect.poll(() => second.textContent('#cw-status')).toBe(en('cw.watching'));
    expect(await second.locator('#cw-hand .cw-card, #cw-area').count()).toBe(0);
    expect(await first.isVisible('#cw-area')).toBe(true);
    expect(await connection(first)).toBe('open');
    // the list offers the kept seat back by the plain link (Join was not offered: every seat held)
    const list = await ann.context.newPage();
    await list.goto(`${srv.url}/`);
    expect(await list.locator(`a[data-seat="${id}"]`).getAttribute('href')).toBe(`./cardwords.html?game=${id}`);
    expect(await list.locator(`a[data-watch="${id}"]`).count()).toBe(1);
    // the seat taken in a third tab, then the owner removes Ann: the first tab's Play here is
    // refused for good. Defect: its line still said "Your seat is now played elsewhere", and
    // Play here stayed, refused again at each click
    await list.goto(`${srv.url}/cardwords.html?game=${id}`);
    await list.waitForSelector('#cw-area');
    await expect.poll(() => first.locator('#cw-watch-again-play').count()).toBe(1);
    const remover = await cwJoin(srv.url, id, { watch: true, owner: srv.ownerToken });
    expect((await remover.request('remove', { name: 'Ann' })).type).toBe('ack');
    await expect.poll(() => list.locator('#cw-area').count()).toBe(0);
    await first.click('#cw-watch-again-play');
    await expect.poll(() => first.locator('#cw-watch-again-play').count()).toBe(0);
    expect(await first.textContent('#connection')).toBe(en('err.seat-removed'));
    expect(await seenAt(first, en('conn.takenBack'))).toEqual([]);
    expect(await first.isEnabled('#cw-watch-again-button')).toBe(true);
    await remover.leave();
    expect(ann.errors).toEqual([]);
  });

  it('Yatzee: the sheet taken back in a second tab: the first shows no dice and offers Play here and Watch; Play here takes the sheet back; a removed player’s Play here refused leaves the focus on Watch; once the game has ended, the other’s Watch says it is over', async () => {
    const srv = await shared();
    const eve = await fresh();
    const first = eve.page;
    await first.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=y1`);
    await first.fill('#yatzee-create-name', 'Eve');
    await first.click('#yatzee-create-button');
    await first.waitForSelector('#yatzee-dice');
    const id = new URL(first.url()).searchParams.get('game');
    const second = await eve.context.newPage();
    await second.goto(`${srv.url}/yatzee.html?game=${id}`);
    await second.waitForSelector('#yatzee-dice');
    await expect.poll(() => first.locator('#yatzee-dice, #yatzee-throw, #yatzee-leave').count()).toBe(0);
    // nor the sheets as they stood (this page no longer follows the game: their scores were read as current)
    expect(await first.locator('#yatzee-sheets').count()).toBe(0);
    expect(await first.textContent('#yatzee-status')).toBe(en('conn.takenBack'));
    expect(await first.textContent('#yatzee-watch-again-play')).toBe(en('conn.playHere'));
    expect(await first.isVisible('#yatzee-watch-again-button')).toBe(true);
    // the owner's buttons go too: this page's connection is closed (they said "Not sent")
    expect(await first.locator('#yatzee-add-robot, #yatzee-end, #yatzee-remove').count()).toBe(0);
    await shot(first, 'rejoin-yatzee-taken-back-1280x720');
    await first.click('#yatzee-watch-again-play');
    await first.waitForSelector('#yatzee-dice');
    await expect.poll(() => second.locator('#yatzee-watch-again-play').count()).toBe(1);
    expect(await second.locator('#yatzee-dice').count()).toBe(0);
    // the first page throws: it plays the sheet
    await first.focus('#yatzee-dice .die');
    await first.keyboard.press('Enter');
    await expect.poll(() => first.getAttribute('#yatzee-throws-left', 'data-left')).toBe('2');
    // the sheet as it was (the die thrown, the throws left) in the page that plays it again
    expect(await first.textContent('#yatzee-status')).toBe(en('conn.playingHere'));
    expect(await first.isVisible('#yatzee-invite')).toBe(true);
    expect(await first.locator('#yatzee-add-robot, #yatzee-end').count()).toBe(2);
    // the owner's Add a robot: the robot's column comes with a word (the status line stayed empty)
    await first.click('#yatzee-add-robot');
    await expect.poll(() => first.textContent('#yatzee-status')).toBe('Robot1 joined the game: a new sheet in the table.');
    // Zoe's sheet taken in her second tab, then the owner removes her: her first tab's Play here,
    // pressed from the keyboard, is refused for good, said once at the top, and Watch alone is
    // offered with the focus that was on Play here (it fell to the page: the keyboard's place lost)
    const zoe = await fresh();
    await zoe.page.goto(`${srv.url}/yatzee.html?game=${id}`);
    // Eve's name in another browser, which has not her sheet's key: how her sheet comes back is said
    await zoe.page.fill('#yatzee-name', 'Eve');
    await zoe.page.keyboard.press('Enter');
    await expect.poll(() => zoe.page.textContent('#yatzee-status')).toBe(`Could not join: ${en('yatzee.err.name-taken')}`);
    await zoe.page.fill('#yatzee-name', 'Zoe');
    await zoe.page.keyboard.press('Enter');
    await zoe.page.waitForSelector('#yatzee-dice');
    const zoe2 = await zoe.context.newPage();
    await zoe2.goto(`${srv.url}/yatzee.html?game=${id}`);
    await zoe2.waitForSelector('#yatzee-dice');
    await zoe.page.waitForSelector('#yatzee-watch-again-play');
    const owner = await Player.join(srv.url, id!, { watch: true, owner: srv.ownerToken });
    expect((await owner.request('remove', { name: 'Zoe' })).type).toBe('ack');
    await expect.poll(() => zoe2.textContent('#yatzee-status')).toBe(en('conn.removed'));
    await zoe.page.focus('#yatzee-watch-again-play');
    await zoe.page.keyboard.press('Enter');
    await expect.poll(() => zoe.page.locator('#yatzee-watch-again-play').count()).toBe(0);
    expect(await zoe.page.textContent('#connection')).toBe(en('err.seat-removed'));
    expect(await seenAt(zoe.page, en('err.seat-removed'))).toEqual(['connection']);
    await expect.poll(() => zoe.page.evaluate(() => document.activeElement?.id)).toBe('yatzee-watch-again-button');
    expect(await zoe.page.isEnabled('#yatzee-watch-again-button')).toBe(true);
    expect(zoe.errors).toEqual([]);
    // the owner ends the game while the second page is out of play: its Watch says the game is
    // over (the room refuses the watch, and the server's list no longer holds the game), the
    // offer gone, the focus, which the click put on Watch, on the way on. The page asks the list
    // by itself too, but only while it is seen: hidden here, the click alone tells it
    await second.evaluate(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' }));
    expect((await owner.request('end')).type).toBe('ack');
    await expect.poll(async () => (await getJSON<GameListing[]>(`${srv.url}/games`)).body.some((g) => g.id === id)).toBe(false);
    expect(await second.textContent('#yatzee-status')).toBe(en('conn.takenBack'));
    await second.click('#yatzee-watch-again-button');
    await expect.poll(() => second.textContent('#yatzee-status')).toBe(en('watch.overSince'));
    expect(await second.locator('#yatzee-watch-again, #yatzee-watch-again-refusal, #yatzee-dice').count()).toBe(0);
    await expect.poll(() => second.evaluate(() => document.activeElement?.id)).toBe('yatzee-over-home');
    expect(eve.errors).toEqual([]);
  });

  it('Cardwords: a reloaded page, and a watcher who comes late, log what a page there all along logged: the earlier game, an approval, a removal, its end, the rematch (the history held this round’s turns only)', async () => {
    const srv = await shared();
    // the owner watches over the SDK (to approve and remove); Bo's page sits first and moves first
    const owner = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 3, robots: 0, watchers: 3, grace: 'never', seed: 's2' });
    const id = owner.room.roomId;
    const bo = await joinAs(srv.url, id, 'Bo');
    const early = await fresh();
    await early.page.goto(`${srv.url}/cardwords.html?game=${id}&watch=1`);
    const ann = await cwJoin(srv.url, id, { name: 'Ann' });
    const cy = await cwJoin(srv.url, id, { name: 'Cy' });
    await expect.poll(async () => (await snap(bo.page))?.status).toBe('playing');
    await expect.poll(async () => (await snap(early.page))?.status).toBe('playing');
    expect((await snap(bo.page)).turn).toBe((await snap(bo.page)).seat);
    // Bo lays two cards whose word the dictionary lacks (letters held once): the owner approves it
    const words = new Set(readFileSync('samples/tiny/tiny.dict', 'utf8').split('\n').map((w) => w.trim().toUpperCase()));
    const hand = (await snap(bo.page)) as Snap & { hand: Array<{ char: string }> };
    const once = hand.hand.map((c) => c.char).filter((ch, _, all) => ch !== '' && all.filter((x) => x === ch).length === 1);
    const pair = once.flatMap((x) => once.filter((y) => y !== x && !words.has(x + y)).map((y) => x + y))[0]!;
    expect(pair).toBeDefined();
    await bo.page.focus('#cw-area');
    await bo.page.keyboard.type(`D4${pair}`);
    await expect.poll(() => bo.page.locator('#cw-composing [data-composed]').count()).toBe(2);
    await bo.page.keyboard.press('Enter');
    await owner.next((m) => m.type === 'word-request');
    expect((await owner.request('approve', { word: pair })).type).toBe('ack');
    await expect.poll(() => logLines(bo.page), { timeout: 10_000 }).toContain(en('cw.word.approved', pair));
    // he plays it now; Ann passes; the owner removes Cy (a stand-in plays Cy's seat)
    await bo.page.keyboard.press('Enter');
    await expect.poll(async () => (await snap(bo.page)).moves).toBe(1);
    expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
    expect((await owner.request('remove', { name: 'Cy' })).type).toBe('ack');
    await until(() => cy.left !== null, 5000, "Cy's close");
    // to the end: Bo and Ann pass, the stand-in plays for Cy
    const step = async () => {
      const s = await snap(bo.page);
      // (the stand-in's move may have ended the round since)
      if (s.status !== 'playing') return;
      if (s.turn === s.seat) await bo.page.click('#cw-ok');
      else if (s.players[s.turn]?.name === 'Ann') expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
      await expect.poll(async () => (await snap(bo.page)).moves, { timeout: 10_000 }).toBeGreaterThan(s.moves);
    };
    while ((await snap(bo.page)).status === 'playing') await step();
    const results = await owner.next((m) => m.type === 'results');
    const won = en('cw.won', (results.payload.winners ?? []).join(', '));
    await expect.poll(() => logLines(bo.page), { timeout: 10_000 }).toContain(won);
    expect((await owner.request('rematch')).type).toBe('ack');
    await expect.poll(async () => (await snap(bo.page)).status).toBe('playing');
    await step();
    const before = await logLines(bo.page);
    for (const line of [en('cw.word.approved', pair), en('cw.awayNote.removed', 'Cy'), won, en('cw.log.rematch', 2)]) expect(before).toContain(line);
    // the watcher there all along: the same, but for the approval (only Bo was told)
    const watched = before.filter((l) => l !== en('cw.word.approved', pair));
    await expect.poll(() => logLines(early.page), { timeout: 10_000 }).toEqual(watched);

    // Bo reloads: his log is the one he had, line for line (it lost the first game, the
    // approval, the removal and the rematch)
    await bo.page.reload();
    await bo.page.waitForSelector('#cw-area');
    await expect.poll(() => logLines(bo.page), { timeout: 10_000 }).toEqual(before);
    // its newest lines in view, as they were (the list showed the first game's lines at its top)
    await expect.poll(() => bo.page.evaluate(() => { const l = document.getElementById('cw-log')!; return l.scrollHeight - l.scrollTop - l.clientHeight < 2; })).toBe(true);
    await shot(bo.page, 'rejoin-cardwords-whole-log-after-reload-1280x720');
    // a watcher who comes now reads the watcher's log from the start (no approval: only Bo was told)
    const late = await fresh();
    await late.page.goto(`${srv.url}/cardwords.html?game=${id}&watch=1`);
    await expect.poll(() => logLines(late.page), { timeout: 10_000 }).toEqual(watched);
    expect(bo.errors).toEqual([]);
    expect(late.errors).toEqual([]);
    await owner.request('end');
  });

  it('Cardwords: after a server restart the page’s log has the earlier round and the rematch as before (it kept only this round’s turns)', async () => {
    let srv = await serve();
    // Ann (the owner, by the protocol) and Bo (the page) pass the first round to its end, and rematch
    const ann = await cwCreate(srv.url, { owner: srv.ownerToken, humans: 2, robots: 0, watchers: 0, grace: 'never', name: 'Ann', seed: 's2' });
    const id = ann.room.roomId;
    const bo = await joinAs(srv.url, id, 'Bo');
    await expect.poll(async () => (await snap(bo.page)).status).toBe('playing');
    const boSeat = (await snap(bo.page)).seat;
    const pass = async () => {
      const s = await snap(bo.page);
      if (s.turn === boSeat) await bo.page.click('#cw-ok');
      else expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
      await expect.poll(async () => (await snap(bo.page)).moves).toBe(s.moves + 1);
    };
    while ((await snap(bo.page)).status === 'playing') await pass();
    expect((await ann.request('rematch')).type).toBe('ack');
    await expect.poll(async () => (await snap(bo.page)).status).toBe('playing');
    await until(() => ann.state.status === 'playing', 5000, 'the rematch');
    await pass();
    const before = await logLines(bo.page);
    expect(before).toContain(en('cw.log.rematch', 2));
    expect(before.length).toBeGreaterThan(6);

    ann.room.leave(false);
    expect(await srv.stop()).toBe(0);
    srv = await serve(srv);
    await expect.poll(() => connection(bo.page), { timeout: 30_000 }).toBe('open');
    await expect.poll(() => bo.page.textContent('#cw-status')).toBe(en('conn.back'));
    // the history came (this round's turns): the log is the same as before the restart
    await expect.poll(() => logLines(bo.page)).toEqual(before);
    await shot(bo.page, 'rejoin-cardwords-log-after-restart-1280x720');
    // and it goes on: Bo's pass is the next line
    expect((await snap(bo.page)).turn).toBe(boSeat);
    await bo.page.click('#cw-ok');
    await expect.poll(() => logLines(bo.page)).toEqual([...before, en('cw.log.pass', 'Bo', -1)]);
    expect(bo.errors).toEqual([]);
  });
});
