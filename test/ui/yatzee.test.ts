// The Yatzee panel in real Chromium against a real game server: two browsers play the same
// game at the same time, one by keyboard and one by mouse, and each sees the other's column
// of the one score table update; the transfer's preselected suggestion and previews, Undo
// transfer, Reset dice, a refused action, the bonus line and the robot's expected values; the
// defects found by playing (each test fails on the panel before its fix); a whole game of
// three to the results. The games' dice come from a fixed seed (the owner's ?seed=); robots'
// actions interleave with the browser's as timing falls, so every assertion also holds for
// every throw.
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, score, suggestCategory } from '../../core/games/yatzee/rules.js';
import type { GameListing } from '../../core/protocol/game.js';
import { Protocol } from '@colyseus/sdk';
import { getJSON, Player, startServer, type ServerProcess } from '../support/game-server.js';
import { launch, openPage, shot, SHOTS, type TestPage } from './browser.js';

let srv: ServerProcess;
let browser: Browser;
let ann: TestPage;
let bo: TestPage;

beforeAll(async () => {
  // dropped seats are held for 1 s, not 30: closing the browsers must not hold up the server's stop;
  // robots act every 50 ms, not 500: a whole game of three waited half a minute for them
  [srv, browser] = await Promise.all([startServer({ args: ['--reconnect-timeout', '1000', '--robot-delay', '50'] }), launch()]);
  [ann, bo] = await Promise.all([openPage(browser, { width: 1200, height: 1000 }), openPage(browser, { locale: 'da-DK', width: 1000, height: 1000, colorScheme: 'dark' })]);
});

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

/** Joins game `id` on page `p` by the join form, as `name`, and waits for the dice. */
async function joinByForm(p: Page, id: string, name: string): Promise<void> {
  await p.goto(`${srv.url}/yatzee.html?game=${id}`);
  await p.fill('#yatzee-name', name);
  await p.keyboard.press('Enter');
  await p.waitForSelector('#yatzee-dice');
}

const dice = async (p: Page) => p.$$eval('#yatzee-dice .die', (ds) => ds.map((d) => Number((d as HTMLElement).dataset.value)));
const held = async (p: Page) => p.$$eval('#yatzee-dice .die', (ds) => ds.map((d) => d.getAttribute('aria-pressed') === 'true'));
const throwsLeft = async (p: Page) => Number(await p.getAttribute('#yatzee-throws-left', 'data-left'));
const myScore = (p: Page, c: string) => p.textContent(`#yatzee-table td.mine[data-category="${c}"]`);
const theirScore = (p: Page, name: string, c: string) => p.textContent(`#yatzee-table td[data-player="${name}"][data-category="${c}"]`);
const chosen = (p: Page) => p.$$eval('#yatzee-table input[name="category"]:checked', (rs) => rs.map((r) => (r as HTMLInputElement).value));

/** How many pips of the held dice under `dice` are hidden: the element at a pip's centre is not the pip (a held die's crossing lines over it). */
const pipsHidden = (p: Page, dice: string) =>
  p.$$eval(`${dice} .die.held .pip.on`, (pips) =>
    pips.filter((pip) => {
      const r = pip.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) !== pip;
    }).length,
  );

/** A whole hint line after a throw: the expected final score for these dice and before the round, and the best choice, a hold or "transfer now". */
const WHOLE_HINT = /^Expected final score: \d+\.\d \(\d+\.\d before this round\) · Best(?:: transfer now| hold: (–|[1-6](?: [1-6]){0,3}))$/;

/** True unless the line names a hold that is not among the dice shown (each die once). */
function holdShown(line: string, shown: readonly number[]): boolean {
  const hold = WHOLE_HINT.exec(line)?.[1];
  if (!hold || hold === '–') return true;
  const left = [...shown];
  for (const face of hold.split(' ').map(Number)) {
    const k = left.indexOf(face);
    if (k < 0) return false;
    left.splice(k, 1);
  }
  return true;
}

describe('Yatzee panel in Chromium', () => {
  let gameId = '';

  it('the owner creates a game from the landing page; a second browser joins it from the list', async () => {
    const a = ann.page;
    await a.goto(`${srv.url}/?owner=${srv.ownerToken}`);
    expect(await a.getAttribute('#new-yatzee', 'href')).toBe('yatzee.html');
    // the owner's ?seed= fixes the dice, so every run throws the same (the checks hold for any throw)
    await a.goto(`${srv.url}/yatzee.html?seed=ui-ann-bo`);
    await a.fill('#yatzee-create-name', 'Ann');
    await a.click('#yatzee-create-button');
    await a.waitForSelector('#yatzee-dice');
    gameId = new URL(a.url()).searchParams.get('game')!;
    expect(gameId).toMatch(/^\S+$/);
    expect(await a.evaluate(() => document.activeElement?.classList.contains('die'))).toBe(true);

    const b = bo.page;
    await b.goto(`${srv.url}/`);
    await b.click(`a[data-game="${gameId}"]`);
    await b.fill('#yatzee-name', 'Bo');
    await b.keyboard.press('Enter');
    await b.waitForSelector('#yatzee-dice');
    // the status text comes a task after the panel (announce())
    await expect.poll(() => b.textContent('#yatzee-status')).toMatch(/Du spiller som Bo/);
    await a.waitForSelector('#yatzee-table th[data-player="Bo"]');
    await b.waitForSelector('#yatzee-table th[data-player="Ann"]');
    // Bo's column came with a word (it came without one); Bo's page, whose first table had Ann, says nothing of her
    await expect.poll(() => a.textContent('#yatzee-status')).toBe('Bo joined the game: a new sheet in the table.');
    expect(await b.textContent('#yatzee-status')).toBe('Du spiller som Bo.');
    // one table, your column first
    expect(await a.$$eval('#yatzee-table thead th.player', (ths) => ths.map((x) => (x as HTMLElement).dataset.player))).toEqual(['Ann', 'Bo']);
    expect(await b.$$eval('#yatzee-table thead th.player', (ths) => ths.map((x) => (x as HTMLElement).dataset.player))).toEqual(['Bo', 'Ann']);
    // a place is free: the game's join page to invite someone (a VS Code panel has no address
    // bar), in each page's language, selected whole for copying
    const link = `${srv.url}/yatzee.html?game=${gameId}`;
    expect(await a.textContent('#yatzee-invite')).toContain('To invite someone, give them this link:');
    expect(await a.inputValue('#yatzee-invite-url')).toBe(link);
    expect(await b.textContent('#yatzee-invite')).toContain('Giv dette link til dem, du vil invitere:');
    expect(await b.inputValue('#yatzee-invite-url')).toBe(link);
    // the whole link in view: on one line where the column has room for it, wrapped where it
    // has not (a one-line field cut the last 3 px of it off: a tester in a VS Code column)
    const uncut = (p: Page) => p.$eval('#yatzee-invite-url', (i) => [i.scrollWidth - i.clientWidth, i.scrollHeight - i.clientHeight, i.clientHeight]);
    const [, , oneLine] = await uncut(a);
    for (const p of [a, b]) expect((await uncut(p)).slice(0, 2)).toEqual([0, 0]);
    const wide = a.viewportSize()!;
    await a.setViewportSize({ width: 360, height: wide.height });
    await expect.poll(async () => (await uncut(a)).slice(0, 2)).toEqual([0, 0]);
    expect((await uncut(a))[2]).toBeGreaterThan(oneLine!);
    await shot(a, 'yatzee-invite-360');
    await a.setViewportSize(wide);
    await expect.poll(async () => (await uncut(a))[2]).toBe(oneLine);
    await a.focus('#yatzee-invite-url');
    expect(await a.evaluate(() => { const i = document.querySelector<HTMLInputElement>('#yatzee-invite-url')!; return i.selectionEnd! - i.selectionStart!; })).toBe(link.length);
    await a.locator('.die').first().focus();
  });

  it('Ann plays by keyboard: Enter throws, space holds, arrows move, Enter keeps the holds, t transfers the suggestion; Bo sees it', async () => {
    const a = ann.page;
    expect(await throwsLeft(a)).toBe(3);
    // before the first throw the dice are blank: five aces read as a Yatzee
    expect(await a.locator('#yatzee-dice .die.blank').count()).toBe(5);
    expect(await a.locator('#yatzee-dice .pip.on').count()).toBe(0);
    expect(await a.getAttribute('#yatzee-dice .die[data-die="0"]', 'aria-label')).toBe('Die 1: not thrown yet');
    expect(await bo.page.getAttribute('#yatzee-table th[data-player="Ann"] .dice', 'aria-label')).toBe('Terninger for Ann: ikke kastet endnu');
    expect(await bo.page.locator('#yatzee-table th[data-player="Ann"] .dice .pip.on').count()).toBe(0);
    await a.keyboard.press('Enter');
    await expect.poll(() => throwsLeft(a)).toBe(2);
    expect(await a.locator('#yatzee-dice .die.blank').count()).toBe(0);
    expect(await a.locator('#yatzee-dice .pip.on').count()).toBeGreaterThanOrEqual(5);
    // Bo sees Ann's throw
    await expect.poll(() => bo.page.getAttribute('#yatzee-table th[data-player="Ann"] .dice', 'aria-label')).toMatch(/kast: 1/);
    const first = await dice(a);
    await a.keyboard.press('Space');
    await a.keyboard.press('ArrowRight');
    await a.keyboard.press('Space');
    await expect.poll(() => held(a)).toEqual([true, true, false, false, false]);
    expect(await a.getAttribute('#yatzee-dice .die[data-die="0"]', 'aria-label')).toMatch(/held/);
    // Bo's screen reader hears which of Ann's dice are held, as Bo's eyes see them
    await expect.poll(() => bo.page.getAttribute('#yatzee-table th[data-player="Ann"] .dice', 'aria-label')).toMatch(/; holdt: \d \d; kast: 1$/);
    // a held die's pips lie over its crossing lines: under them a held 1, 2, 3 or 5 read as fewer pips
    expect(await a.locator('#yatzee-dice .die.held .pip.on').count()).toBeGreaterThan(1);
    expect(await pipsHidden(a, '#yatzee-dice')).toBe(0);
    await a.keyboard.press('ArrowLeft');
    // defect: Enter on a die held with space threw it anyway; now Enter keeps every hold
    await a.keyboard.press('Enter');
    await expect.poll(() => throwsLeft(a)).toBe(1);
    const second = await dice(a);
    expect(second.slice(0, 2)).toEqual(first.slice(0, 2));
    expect(await held(a)).toEqual([true, true, false, false, false]);
    // the transfer: every open category shows its score; the suggestion is preselected
    const suggested = suggestCategory(Array(15).fill(null), second)!;
    expect(await a.isChecked(`#yatzee-cat-${suggested}`)).toBe(true);
    for (const c of CATEGORIES) expect(await a.getAttribute(`#yatzee-table td.mine[data-category="${c}"]`, 'data-preview')).toBe(String(score(c, second)));
    // defect: a screen reader heard "15 would score 15, suggested", the number twice and no category
    const fives = `Fives: would score ${score('fives', second)}${suggested === 'fives' ? ', suggested' : ''}`;
    expect(await a.getByRole('radio', { name: fives, exact: true }).count()).toBe(1);
    const named = `${await a.textContent(`#yatzee-table tr[data-category="${suggested}"] th`)}: would score ${score(suggested, second)}, suggested`;
    expect(await a.getByRole('radio', { name: named, exact: true }).isChecked()).toBe(true);
    await shot(a, 'yatzee-ann-before-transfer');
    await a.keyboard.press('t');
    const pts = String(score(suggested, second));
    await expect.poll(() => myScore(a, suggested)).toBe(pts);
    await expect.poll(() => theirScore(bo.page, 'Ann', suggested)).toBe(pts);
    await expect.poll(() => a.textContent('#yatzee-status')).toContain(`${pts} ${pts === '1' ? 'point' : 'points'}.`);
    expect(await throwsLeft(a)).toBe(3);
    // a new round: blank dice until its first throw, here and on Bo's page
    expect(await a.locator('#yatzee-dice .die.blank').count()).toBe(5);
    await expect.poll(() => bo.page.getAttribute('#yatzee-table th[data-player="Ann"] .dice', 'aria-label')).toBe('Terninger for Ann: ikke kastet endnu');
  });

  it('defect: a double-click on Throw spends one throw, not two', async () => {
    const a = ann.page;
    expect(await throwsLeft(a)).toBe(3);
    await a.dblclick('#yatzee-throw');
    await expect.poll(() => throwsLeft(a)).toBe(2);
    // a hold after it: once the server's answer to the hold is here, a second throw would be too
    await a.click('#yatzee-dice .die[data-die="3"]');
    await expect.poll(() => bo.page.getAttribute('#yatzee-table th[data-player="Ann"] .dice .die[data-value]:nth-child(4)', 'class')).toMatch(/held/);
    expect(await throwsLeft(a)).toBe(2);
    // the score table's dice are a few pixels wide: a held one is framed in the cross's colour, with no cross over its pips
    const tiny = await bo.page.$$eval('#yatzee-table th[data-player="Ann"] .dice .die', (ds) =>
      ds.map((d) => ({ held: d.classList.contains('held'), cross: getComputedStyle(d, '::before').content, border: getComputedStyle(d).borderTopColor })),
    );
    expect(tiny[3]).toMatchObject({ held: true, cross: 'none' });
    expect(tiny[0]!.held).toBe(false);
    expect(tiny[3]!.border).not.toBe(tiny[0]!.border);
    expect(await pipsHidden(bo.page, '#yatzee-table th[data-player="Ann"]')).toBe(0);
    await expect.poll(() => bo.page.getAttribute('#yatzee-table th[data-player="Ann"] .dice', 'aria-label')).toMatch(/kast: 1$/);
    await a.click('#yatzee-dice .die[data-die="3"]');
    await expect.poll(() => held(a)).toEqual([false, false, false, false, false]);
  });

  it('Bo plays by mouse: double-click throws, click holds, Throw, choose a category, Transfer; Ann sees it', async () => {
    const b = bo.page;
    await b.dblclick('#yatzee-dice .die[data-die="2"]');
    await expect.poll(() => throwsLeft(b)).toBe(2);
    await b.click('#yatzee-dice .die[data-die="0"]');
    await expect.poll(() => held(b)).toEqual([true, false, false, false, false]);
    await b.click('#yatzee-dice .die[data-die="0"]');
    await expect.poll(() => held(b)).toEqual([false, false, false, false, false]);
    await b.click('#yatzee-dice .die[data-die="4"]');
    await expect.poll(() => held(b)).toEqual([false, false, false, false, true]);
    const kept = (await dice(b))[4];
    await b.click('#yatzee-throw');
    await expect.poll(() => throwsLeft(b)).toBe(1);
    expect((await dice(b))[4]).toBe(kept);
    await expect.poll(() => ann.page.getAttribute('#yatzee-table th[data-player="Bo"] .dice', 'aria-label')).toMatch(/throws made: 2/);
    const d = await dice(b);
    await b.click('label[for="yatzee-cat-chance"]');
    await b.click('#yatzee-transfer');
    const chance = String(d.reduce((s, x) => s + x, 0));
    await expect.poll(() => myScore(b, 'chance')).toBe(chance);
    await expect.poll(() => theirScore(ann.page, 'Bo', 'chance')).toBe(chance);
    // the focus goes on to Throw, not to the page (the Transfer button it was on is disabled now)
    await expect.poll(() => b.evaluate(() => document.activeElement?.id)).toBe('yatzee-throw');

    // Undo transfer: the category is open again on both screens, the throw left is back
    await b.click('#yatzee-undo');
    await expect.poll(() => theirScore(ann.page, 'Bo', 'chance')).toBe('');
    await expect.poll(() => throwsLeft(b)).toBe(1);
    expect(await dice(b)).toEqual(d);
    // defect: after Undo transfer nothing was chosen, t and Transfer did nothing, and the
    // status still named the transfer; now the suggestion is chosen again and the status says so
    const again = suggestCategory(Array(15).fill(null), d)!;
    await expect.poll(() => chosen(b)).toEqual([again]);
    await expect.poll(() => b.textContent('#yatzee-status')).toBe('Overførslen er fortrudt: Chance er åben igen.');
    await b.keyboard.press('t');
    await expect.poll(() => myScore(b, again)).toBe(String(score(again, d)));
    await b.click('#yatzee-undo');
    await expect.poll(() => b.getAttribute(`#yatzee-table td.mine[data-category="${again}"]`, 'data-preview')).toBe(String(score(again, d)));
    await expect.poll(() => chosen(b)).toEqual([again]);
    // transfer to Aces..Sixes instead by double-clicking its row; then Reset dice
    const face = d[0]!;
    const upper = CATEGORIES[face - 1]!;
    await b.dblclick(`#yatzee-table tr[data-category="${upper}"] th`);
    const pts = d.filter((x) => x === face).length * face;
    await expect.poll(() => theirScore(ann.page, 'Bo', upper)).toBe(String(pts));
    // the bonus line: surplus or deficit against three of each filled face
    const balance = pts - 3 * face;
    const shown = balance > 0 ? `+${balance}` : balance < 0 ? `\u2212${-balance}` : '0';
    await expect.poll(() => theirScore(ann.page, 'Bo', 'bonus')).toBe(shown);
    await expect.poll(() => myScore(b, 'bonus')).toBe(shown);
    // a balance, not points: the row and its open cells say so on hover (Bo's page is Danish)
    expect(await ann.page.getAttribute('#yatzee-table tr.bonus th', 'title')).toMatch(/^Until the six upper categories are filled: .* 63 or more gives the bonus of 50\.$/);
    expect(await b.getAttribute('#yatzee-table tr.bonus td.mine', 'title')).toContain('63');
    // the transferred dice are already blank (a new round); Reset dices takes Undo away.
    // Polled: Ann's page may have the transfer before Bo's, whose bonus line above can be the
    // chosen row's preview (a clean run read 0 blank dice there)
    await expect.poll(() => b.locator('#yatzee-dice .die.blank').count()).toBe(5);
    // by its key `r`: defect, the page said nothing (the dice were blank already)
    await b.keyboard.press('r');
    await expect.poll(() => b.isDisabled('#yatzee-undo')).toBe(true);
    await expect.poll(() => b.textContent('#yatzee-status')).toBe('Terningerne er nulstillet; overførslen kan ikke længere fortrydes.');
    expect(await b.locator('#yatzee-dice .die.blank').count()).toBe(5);
    await shot(b, 'yatzee-bo-da-dark');
  });

  it('a refused action is explained; the robot hints show expected values', async () => {
    const b = bo.page;
    await b.locator('#yatzee-dice .die').first().focus();
    await b.keyboard.press('u'); // Undo transfer after Reset dice: refused by the server
    // the text last: announce() sets the kind at once and the text a task later (so that
    // screen readers speak it again); a read between the two saw the kind and no text
    await expect.poll(() => b.textContent('#yatzee-status')).toMatch(/Fortryd overførsel kan kun/);
    expect(await b.getAttribute('#yatzee-status', 'data-kind')).toBe('error');

    // The hint line names a hold; it must only ever name dice shown with it. Ann has thrown
    // once (with this seed 6 2 5 6 2, best hold 6 6); the answer for those dice is held back
    // until her second throw (6 1 5 5 2) has landed and asked for its own hint, then let
    // through: the panel must drop it (a test that read the line before that throw landed
    // and the dice after it once saw "hold 6 6" beside 6 1 5 5 2). Every state of the page
    // is recorded (a MutationObserver: the dice and the line change in one render) and checked.
    const a = ann.page;
    expect(await throwsLeft(a)).toBe(2);
    await a.evaluate(() => {
      const w = window as unknown as { seen: Array<{ line: string; dice: number[] }> };
      w.seen = [];
      const record = () => {
        const dice = Array.from(document.querySelectorAll<HTMLElement>('#yatzee-dice .die'), (d) => Number(d.dataset.value));
        w.seen.push({ line: document.getElementById('yatzee-hint-line')?.textContent ?? '', dice });
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const held: Route[] = [];
    const asked: string[] = [];
    await a.route('**/yatzee/hint?*', (route) => {
      const throws = new URL(route.request().url()).searchParams.get('throws')!;
      asked.push(throws);
      if (asked.length <= 2) held.push(route);
      else void route.continue();
    });
    await a.check('#yatzee-hints');
    await expect.poll(() => held.length).toBe(1);
    await a.locator('#yatzee-dice .die').first().focus();
    await a.keyboard.press('Enter');
    await expect.poll(() => throwsLeft(a)).toBe(1);
    await expect.poll(() => held.length).toBe(2);
    expect(asked).toEqual(['1', '2']);
    // the stale answer first, then the one for the dice shown
    const stale = a.waitForEvent('requestfinished', (r) => r.url().includes('throws=1'));
    await held[0]!.continue();
    await stale;
    await held[1]!.continue();
    await expect.poll(() => a.textContent('#yatzee-hint-line')).toMatch(WHOLE_HINT);
    await expect.poll(() => a.locator('#yatzee-table td[data-hint]').count()).toBe(14);
    await a.unroute('**/yatzee/hint?*');
    const seen = await a.evaluate(() => (window as unknown as { seen: Array<{ line: string; dice: number[] }> }).seen);
    seen.push({ line: (await a.textContent('#yatzee-hint-line')) ?? '', dice: await dice(a) });
    const wrong = seen.filter(({ line, dice: shown }) => !holdShown(line, shown));
    expect(seen.filter(({ line }) => WHOLE_HINT.test(line)).length).toBeGreaterThan(0);
    expect(wrong, 'a hold not among the dice shown with it').toEqual([]);
    await shot(a, 'yatzee-ann-hints');
    await shot(bo.page, 'yatzee-bo-sees-ann');
    expect(ann.errors).toEqual([]);
    expect(bo.errors).toEqual([]);
  });

  it('serves the bundles from a fixed list and checks hint queries', async () => {
    for (const path of ['/web/lines.js', '/web/yatzee.js', '/lobby.js', '/lines.html', '/yatzee.html']) expect((await fetch(srv.url + path)).status, path).toBe(200);
    for (const path of ['/web/../package.json', '/web/%2e%2e/package.json', '/dist/web/lines.js', '/web/cli.js', '/web/lines.js.map', '/media/lines.html']) expect((await fetch(srv.url + path)).status, path).toBe(404);
    const ok = await fetch(`${srv.url}/yatzee/hint?scores=${Array(15).fill('-').join(',')}&dice=1,2,3,4,5&throws=1`);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await ok.json()) as { expectedFinal: number; categories: unknown[]; keeps: unknown[] };
    expect(body.expectedFinal).toBeCloseTo(248.44, 2);
    expect(body.categories).toHaveLength(15);
    expect(body.keeps.length).toBeGreaterThan(0);
    for (const q of ['scores=1&dice=1,2,3,4,5&throws=1', `scores=${Array(15).fill('-').join(',')}&dice=1,2,3,4,7&throws=1`, `scores=${Array(15).fill('-').join(',')}&dice=1,2,3,4,5&throws=4`])
      expect((await fetch(`${srv.url}/yatzee/hint?${q}`)).status, q).toBe(400);
    // the page for an address that has none, in the browser's language as the other pages are
    // (Bo's browser is Danish; it was English only), and as ?lang= chooses, its links keeping it
    const lost = await bo.context.newPage();
    await lost.goto(`${srv.url}/no/such/page`);
    expect(await lost.textContent('h1')).toBe('Ikke fundet');
    expect(await lost.title()).toBe('Ikke fundet · Cardwords');
    expect(await lost.getAttribute('html', 'lang')).toBe('da');
    expect(await lost.locator('nav a').allTextContents()).toEqual(['Gå til hovedindholdet', 'Spil', 'Lines']);
    expect(await lost.textContent('main')).toContain('Der er ingen side på denne adresse.');
    await shot(lost, 'not-found-da-dark-1000x1000');
    await lost.goto(`${srv.url}/nope?lang=de`);
    expect(await lost.textContent('h1')).toBe('Nicht gefunden');
    await lost.click('main a');
    await expect.poll(() => lost.url()).toBe(`${srv.url}/?lang=de`);
    await lost.waitForSelector('nav a[aria-current="page"]');
    expect(await lost.getAttribute('html', 'lang')).toBe('de');
    await lost.close();
  });

  it('a reload takes the seat back with the kept key', async () => {
    const a = ann.page;
    const total = await myScore(a, 'total');
    const before = await dice(a);
    await a.reload();
    await a.waitForSelector('#yatzee-dice');
    await expect.poll(() => a.textContent('#yatzee-status')).toMatch(/You play as Ann/);
    await expect.poll(() => myScore(a, 'total')).toBe(total);
    expect(await dice(a)).toEqual(before);
    expect(await throwsLeft(a)).toBe(1);
  });

  it('Leave the game, asked again in place: the sheet closes for good and its place is free (the others see it go), a reload does not take it back; closing the page alone keeps it', async () => {
    const olga = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Olga', robots: 0, seed: 'ui-leave' });
    const id = olga.room.roomId;
    type Sheets = { players: { name: string; present: boolean }[] };
    const names = () => (olga.state as unknown as Sheets).players.filter((p) => p.present).map((p) => p.name);
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720 });
    try {
      await joinByForm(p, id, 'Cy');
      await expect.poll(names).toEqual(['Olga', 'Cy']);
      // a page closed (reloaded) is a drop: the sheet is kept and taken back
      await p.reload();
      await p.waitForSelector('#yatzee-dice');
      await expect.poll(() => p.textContent('#yatzee-status')).toMatch(/You play as Cy/);
      expect(names()).toEqual(['Olga', 'Cy']);
      // Leave asks first; Keep playing keeps the sheet, the focus back on the button
      await p.click('#yatzee-leave');
      expect(await p.textContent('.leave-game .question')).toBe('Leave for good? Your sheet is closed and its place is free.');
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-leave-keep');
      await shot(p, 'yatzee-leave-asked-1280x720');
      await p.keyboard.press('Escape');
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-leave');
      expect(names()).toEqual(['Olga', 'Cy']);
      // asked again and confirmed: the sheet is gone from the table, the page says so, no dice
      expect(await p.locator('#yatzee-invite').count()).toBe(1);
      await p.click('#yatzee-leave');
      await p.click('#yatzee-leave-confirm');
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('You left the game: your sheet is closed.');
      await expect.poll(names).toEqual(['Olga']);
      expect(await p.locator('#yatzee-dice, #yatzee-leave').count()).toBe(0);
      // in its place an offer to watch the game go on, with the focus (it fell to the page);
      // defect: the page said it twice (the status line and the offer), and offered the
      // invitation link to the player who had just left
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-watch-again-button');
      expect((await p.textContent('main'))!.split('You left the game').length - 1).toBe(1);
      expect(await p.locator('#yatzee-invite').count()).toBe(0);
      // nor the sheets as they stood at the leave: the page no longer follows the game (defect:
      // they stayed, and their scores were read as current); watching shows them live
      expect(await p.locator('#yatzee-sheets').count()).toBe(0);
      await shot(p, 'yatzee-left-1280x720');
      await p.click('#yatzee-watch-again-button');
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('You are watching.');
      expect(await p.locator('#yatzee-status, #yatzee-watch-again, #yatzee-dice').count()).toBe(1);
      // the page follows the game again: Olga's throw shows under her name
      const olgaDice = p.locator('#yatzee-table thead th.player[data-player="Olga"] .dice.small');
      // "not thrown yet" before the round's first throw
      const throws = async () => {
        const label = (await olgaDice.getAttribute('aria-label')) ?? '';
        return /not thrown yet$/.test(label) ? '0' : /throws made: (\d+)$/.exec(label)?.[1];
      };
      const made = Number(await throws());
      expect(made).toBeLessThan(3);
      expect((await olga.request('action', { type: 'throw' })).type).toBe('ack');
      await expect.poll(throws).toBe(String(made + 1));
      expect(names()).toEqual(['Olga']);
      // nothing to take back: a reload watches again (the page watched), not the released sheet
      await p.reload();
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('You are watching.');
      expect(await p.locator('#yatzee-dice, #yatzee-join').count()).toBe(0);
      expect(names()).toEqual(['Olga']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await olga.leave();
    }
  });

  it('another player who leaves for good: their column goes and the page says why (it went without a word)', async () => {
    const olga = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Olga', robots: 0, seed: 'ui-left' });
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720 });
    try {
      await joinByForm(p, olga.room.roomId, 'Cy');
      await p.waitForSelector('#yatzee-table th.player[data-player="Olga"]');
      expect((await olga.request('leave')).type).toBe('ack');
      await expect.poll(() => p.locator('#yatzee-table th.player[data-player="Olga"]').count()).toBe(0);
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('Olga left the game: that sheet is closed.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the owner removes a player from the page: a robot or a human, asked first; the sheet goes, the removed player is told', async () => {
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720, colorScheme: 'dark' });
    const cy = await openPage(browser, { width: 1000, height: 800 });
    try {
      await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-remove`);
      await p.fill('#yatzee-create-name', 'Zoe');
      await p.fill('#yatzee-create-robots', '1');
      await p.click('#yatzee-create-button');
      await p.waitForSelector('#yatzee-dice');
      const id = new URL(p.url()).searchParams.get('game')!;
      // what made the game goes; the owner link too, kept by the browser (docs/ui.md "The owner token": a friend given the address was the owner)
      expect(Object.fromEntries(new URL(p.url()).searchParams)).toEqual({ game: id });
      await cy.page.goto(`${srv.url}/yatzee.html?game=${id}`);
      await cy.page.fill('#yatzee-name', 'Cy');
      await cy.page.keyboard.press('Enter');
      await cy.page.waitForSelector('#yatzee-dice');
      // a watcher's page reads a removal as such (it read "Cy left the game")
      const w = await openPage(browser, { width: 1000, height: 800 });
      const watcher = w.page;
      await watcher.goto(`${srv.url}/yatzee.html?game=${id}`);
      await watcher.click('#yatzee-watch-button');
      await watcher.waitForSelector('#yatzee-table th.player[data-player="Cy"]');
      // every sheet but the owner's own
      await expect.poll(() => p.locator('#yatzee-remove option').allTextContents()).toEqual(['Remove a player…', 'Robot1', 'Cy']);
      // also in a second tab of the owner's, watching: it offered Zoe, and removed the owner
      // ("The owner removed you from the game"); the room refuses it too (test/game/yatzee.test.ts)
      const second = await context.newPage();
      await second.goto(`${srv.url}/yatzee.html?game=${id}&owner=${srv.ownerToken}&watch=1`);
      await expect.poll(() => second.locator('#yatzee-remove option').allTextContents()).toEqual(['Remove a player…', 'Robot1', 'Cy']);
      await second.close();
      // defect: browsing the names by keys asked at once ("Remove Robot1? …" at ArrowDown, and
      // at `r`, meant as Reset dice, which the list took as type-ahead): the list only chooses
      await p.focus('#yatzee-remove');
      await p.keyboard.press('ArrowDown');
      expect(await p.inputValue('#yatzee-remove')).toBe('Robot1');
      await p.keyboard.press('r');
      // `r` is the page's: Reset dice, refused before a throw (the answer comes after the key)
      await expect.poll(() => p.getAttribute('#yatzee-status', 'data-kind')).toBe('error');
      expect(await p.locator('.toolbar.owner .question').count()).toBe(0);
      expect(await p.inputValue('#yatzee-remove')).toBe('Robot1');
      // Enter on a chosen name asks; Escape keeps, the focus back on the list, where `d` goes to the dice
      await p.selectOption('#yatzee-remove', 'Cy');
      await p.keyboard.press('Enter');
      await expect.poll(() => p.textContent('.toolbar.owner .question')).toBe('Remove Cy? That sheet is closed for good.');
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-remove-keep');
      await p.keyboard.press('Escape');
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-remove');
      await p.keyboard.press('d');
      await expect.poll(() => p.evaluate(() => document.activeElement?.classList.contains('die'))).toBe(true);
      // the Remove… button beside the list asks too
      await p.click('#yatzee-remove-ask');
      await expect.poll(() => p.textContent('.toolbar.owner .question')).toBe('Remove Cy? That sheet is closed for good.');
      await shot(p, 'yatzee-remove-asked-1280x720-dark');
      // every line the owner's status says from here
      await p.evaluate(() => {
        const said: string[] = [];
        (window as unknown as { said: string[] }).said = said;
        const status = document.getElementById('yatzee-status')!;
        new MutationObserver(() => status.textContent && said.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
      });
      await p.click('#yatzee-remove-confirm');
      await expect.poll(() => p.locator('#yatzee-table th.player[data-player="Cy"]').count()).toBe(0);
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('Cy was removed from the game.');
      // defect: the owner's page said "Cy left the game: …" first (the state comes before the acknowledgement)
      expect(await p.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual(['Cy was removed from the game.']);
      // defects: the focus fell to the page with the question's button; then it went back to
      // the list, where `d` and Enter went to the dropdown. It goes to the dice: Enter throws
      await expect.poll(() => p.evaluate(() => document.activeElement?.classList.contains('die'))).toBe(true);
      expect(await throwsLeft(p)).toBe(3);
      await p.keyboard.press('Enter');
      await expect.poll(() => throwsLeft(p)).toBe(2);
      await shot(p, 'yatzee-removed-focus-1280x720-dark');
      await expect.poll(() => cy.page.textContent('#yatzee-status')).toBe('The owner removed you from the game.');
      await expect.poll(() => watcher.textContent('#yatzee-status')).toBe('The owner removed Cy from the game: that sheet is closed.');
      await w.context.close();
      // defects: no offer to watch (as after a leave), the invitation still offered, and the
      // seat key kept: a reload came back on a fresh sheet
      await expect.poll(() => cy.page.locator('#yatzee-watch-again-button').count()).toBe(1);
      expect(await cy.page.locator('#yatzee-dice, #yatzee-invite, #yatzee-sheets').count()).toBe(0);
      expect(await cy.page.evaluate(() => localStorage.getItem('cardwords.yatzee.seat'))).toBeNull();
      await shot(cy.page, 'yatzee-removed-1000x800');
      await cy.page.reload();
      await cy.page.waitForSelector('#yatzee-join');
      expect(await cy.page.locator('#yatzee-dice').count()).toBe(0);
      expect(await p.locator('#yatzee-table th.player[data-player="Cy"]').count()).toBe(0);
      // a robot too
      await p.selectOption('#yatzee-remove', 'Robot1');
      await p.click('#yatzee-remove-ask');
      await p.click('#yatzee-remove-confirm');
      await expect.poll(() => p.locator('#yatzee-table th.player[data-player="Robot1"]').count()).toBe(0);
      // nobody left to remove: no list, and the focus on the owner's dice (it fell to the page)
      await expect.poll(() => p.locator('#yatzee-remove').count()).toBe(0);
      await expect.poll(() => p.evaluate(() => document.activeElement?.classList.contains('die'))).toBe(true);
      expect(errors).toEqual([]);
      expect(cy.errors).toEqual([]);
    } finally {
      await context.close();
      await cy.context.close();
    }
  });

  it("the last human's leave: asked that the game ends for everyone; then the page says the game is over, shows the results as a watcher sees them, and offers no Watch", async () => {
    // defect: the question said only "Your sheet is closed and its place is free.", the page
    // "You left the game: your sheet is closed." with Watch the game, which failed (522)
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720 });
    const w = await openPage(browser, { width: 1000, height: 800 });
    const b = await openPage(browser, { width: 1000, height: 800 });
    const consoleErrors: string[] = [];
    p.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    try {
      await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-last-leave`);
      await p.fill('#yatzee-create-name', 'Ann');
      await p.fill('#yatzee-create-robots', '1');
      await p.click('#yatzee-create-button');
      await p.waitForSelector('#yatzee-dice');
      const id = new URL(p.url()).searchParams.get('game')!;
      await joinByForm(b.page, id, 'Bo');
      const cy = await Player.join(srv.url, id, { name: 'Cy' });
      await w.page.goto(`${srv.url}/yatzee.html?game=${id}`);
      await w.page.click('#yatzee-watch-button');
      await w.page.waitForSelector('#yatzee-table th.player[data-player="Cy"]');
      // the owner removes Cy, Bo leaves: Ann is the last human
      await p.selectOption('#yatzee-remove', 'Cy');
      await p.click('#yatzee-remove-ask');
      await p.click('#yatzee-remove-confirm');
      await expect.poll(() => cy.left).not.toBeNull();
      await b.page.click('#yatzee-leave');
      await b.page.click('#yatzee-leave-confirm');
      await expect.poll(() => b.page.textContent('#yatzee-status')).toBe('You left the game: your sheet is closed.');
      await expect.poll(() => p.locator('#yatzee-table th.player').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-player')))).toEqual(['Ann', 'Robot1']);
      await p.click('#yatzee-leave');
      expect(await p.textContent('.leave-game .question')).toBe('Leave for good? No other person plays, so the game ends.');
      await p.click('#yatzee-leave-confirm');
      // Ann's own sheet is in the results (the leave released it: they were Robot1's alone); the
      // winners those of the top score, whoever that is (Robot1 plays on meanwhile)
      await expect.poll(() => p.locator('#yatzee-results-list li').allTextContents()).toEqual(expect.arrayContaining(['Ann (you): 0']));
      const lines = (await p.locator('#yatzee-results-list li').allTextContents()).map((l) => /^(\S+)(?: \((?:you|robot)\))?: (\d+)$/.exec(l)!);
      expect(lines.map((m) => m[1]).sort()).toEqual(['Ann', 'Robot1']);
      const top = Math.max(...lines.map((m) => Number(m[2])));
      const winners = lines.filter((m) => Number(m[2]) === top).map((m) => m[1]).join(', ');
      await expect.poll(() => p.textContent('#yatzee-status')).toBe(`You left the game, the last person playing in it: the game is over. Winner: ${winners}.`);
      await expect.poll(() => w.page.textContent('#yatzee-status')).toBe(`No person plays any more. Winner: ${winners}.`);
      // the results as the watcher has them, and nothing to watch (the game is over)
      // (Ann's own line says so on her page)
      await expect.poll(() => p.locator('#yatzee-results-list li').allTextContents()).toEqual((await w.page.locator('#yatzee-results-list li').allTextContents()).map((l) => l.replace(/^Ann:/, 'Ann (you):')));
      expect(await p.locator('#yatzee-watch-again, #yatzee-dice, #yatzee-leave, #yatzee-invite').count()).toBe(0);
      expect((await p.textContent('main'))!.split('You left the game').length - 1).toBe(1);
      // defect: the final table had Robot1's column alone, though the results count Ann's sheet
      // (the winner's, perhaps); it is there, marked left, on her page and the watcher's; Bo's and
      // Cy's, gone before the end, are not (the results do not count them: docs/rules.md)
      for (const page of [p, w.page]) {
        const heads = page.locator('#yatzee-table th.player');
        await expect.poll(() => heads.evaluateAll((ths) => ths.map((th) => `${th.getAttribute('data-player')}${th.classList.contains('gone') ? ' gone' : ''}`))).toEqual(['Robot1', 'Ann gone']);
        expect(await heads.last().textContent()).toContain('Ann (left)');
        expect(await page.textContent('#yatzee-table td[data-player="Ann"][data-category="total"]')).toBe(/Ann \(you\): (\d+)/.exec((await p.locator('#yatzee-results-list li').allTextContents()).join())![1]);
      }
      await shot(p, 'yatzee-left-last-1280x720');
      // defect: Bo, who left before the end, was not told (the room closed that page's
      // connection at the leave): the page offered Watch the game, and only its click told (it
      // answered "Could not watch: The game is over or does not exist." before); now the page
      // asks the server's list while it is seen (every 12 s, and at once when it is seen again)
      // and says the game is over with no click, the offer gone; the focus, elsewhere (on the
      // Games link), stays there
      await b.page.focus('#nav-lobby');
      await expect.poll(() => b.page.evaluate(() => (document.dispatchEvent(new Event('visibilitychange')), document.getElementById('yatzee-status')?.textContent))).toBe('The game is over: there is nothing more to watch.');
      expect(await b.page.locator('#yatzee-watch-again, #yatzee-watch-again-refusal, #yatzee-dice').count()).toBe(0);
      expect(await b.page.locator('#yatzee-over-home').count()).toBe(1);
      expect(await b.page.evaluate(() => document.activeElement?.id)).toBe('nav-lobby');
      await shot(b.page, 'yatzee-left-then-over-1000x800');
      expect(errors).toEqual([]);
      expect(b.errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
      await w.context.close();
      await b.context.close();
    }
  });

  it("the owner's question before removing the last human says the game then ends; a robot's and another's do not", async () => {
    // defect: "Remove Cy? That sheet is closed for good." of the last person, whose removal ends the game
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720 });
    const cy = await openPage(browser, { width: 1000, height: 800 });
    try {
      // the owner creates the game to watch it (no name), with a robot; Cy is the only person playing
      await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-remove-last-question`);
      await p.fill('#yatzee-create-robots', '1');
      await p.click('#yatzee-create-button');
      await p.waitForSelector('#yatzee-table');
      const id = new URL(p.url()).searchParams.get('game')!;
      await cy.page.goto(`${srv.url}/yatzee.html?game=${id}`);
      await cy.page.fill('#yatzee-name', 'Cy');
      await cy.page.keyboard.press('Enter');
      await cy.page.waitForSelector('#yatzee-dice');
      await expect.poll(() => p.locator('#yatzee-remove option').allTextContents()).toEqual(['Remove a player…', 'Robot1', 'Cy']);
      await p.selectOption('#yatzee-remove', 'Cy');
      await p.click('#yatzee-remove-ask');
      await expect.poll(() => p.textContent('.toolbar.owner .question')).toBe('Remove Cy? No other person plays then, so the game ends.');
      // Escape keeps playing from the question's Keep button, which takes the focus once drawn
      // (pressed before that, it went to the page: a second run here timed out)
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-remove-keep');
      await p.keyboard.press('Escape');
      await p.selectOption('#yatzee-remove', 'Robot1');
      await p.click('#yatzee-remove-ask');
      await expect.poll(() => p.textContent('.toolbar.owner .question')).toBe('Remove Robot1? That sheet is closed for good.');
      await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-remove-keep');
      await p.keyboard.press('Escape');
      await p.waitForSelector('#yatzee-remove');
      expect(errors).toEqual([]);
    } finally {
      await cy.context.close();
      await context.close();
    }
  });

  it("the owner removes the last human: that page says the game is over, with the results as the owner has them, and offers no Watch", async () => {
    // defects: "The owner removed you from the game." with Watch the game, for a game that had
    // ended; then no results (the room closed the page before it ended the game)
    const owner = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, robots: 1, seed: 'ui-removed-last' });
    const id = owner.room.roomId;
    const { context, page: p, errors } = await openPage(browser, { width: 1000, height: 800 });
    try {
      await joinByForm(p, id, 'Cy');
      expect((await owner.request('remove', { name: 'Cy' })).type).toBe('ack');
      const results = await owner.next((m) => m.type === 'results');
      expect((await owner.next((m) => m.type === 'ended')).payload.reason).toBe('left');
      await expect.poll(() => p.textContent('#yatzee-status')).toBe(`The owner removed you from the game, the last person playing in it: the game is over. Winner: ${(results.payload.winners ?? []).join(', ')}.`);
      // the results the owner got, Cy's sheet among them as it stood (the removal released it), on Cy's page too
      expect((results.payload.results ?? []).map((r) => r.name).sort()).toEqual(['Cy', 'Robot1']);
      await expect.poll(() => p.locator('#yatzee-results-list li').allTextContents()).toEqual((results.payload.results ?? []).map((r) => `${r.name} (${r.robot ? 'robot' : 'you'}): ${r.score}`));
      // and in the final table, marked removed (it had Robot1's column alone)
      await expect.poll(() => p.locator('#yatzee-table th.player').evaluateAll((ths) => ths.map((th) => `${th.querySelector('.name')!.textContent} / ${th.querySelector('.mark')?.textContent}`))).toEqual(['Robot1 (robot) / robot', 'Cy (removed) / removed']);
      expect(await p.locator('#yatzee-watch-again, #yatzee-dice, #yatzee-invite').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the line at the top says "Could not join the game again" in the error colour (the sheet gone while the page was offline); the page is out of play and offers to watch', async () => {
    // only the information kind had a test: a style regression of the error kind went unseen
    const olga = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Olga', seed: 'ui-conn-error' });
    const id = olga.room.roomId;
    const { context, page: p, errors } = await openPage(browser, { width: 620, height: 720 });
    try {
      await joinByForm(p, id, 'Cy');
      // offline within the room's first 5 s: the SDK leaves it to the page, which tries again meanwhile
      await context.setOffline(true);
      await expect.poll(() => p.getAttribute('main', 'data-connection')).toBe('lost');
      // Cy's sheet removed, and the name taken by someone else: the page's key no longer holds it
      expect((await olga.request('remove', { name: 'Cy' })).type).toBe('ack');
      const other = await Player.join(srv.url, id, { name: 'Cy' });
      await context.setOffline(false);
      await expect.poll(() => p.textContent('#connection'), { timeout: 15_000 }).toMatch(/^Could not join the game again: /);
      const colours = () =>
        p.evaluate(() => {
          const line = getComputedStyle(document.getElementById('connection')!);
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.color = 'var(--error)';
          probe.style.backgroundColor = 'var(--bg)';
          const want = getComputedStyle(probe);
          const ok = line.backgroundColor === want.color && line.color === want.backgroundColor;
          probe.remove();
          return ok;
        });
      for (const scheme of ['light', 'dark'] as const) {
        await p.emulateMedia({ colorScheme: scheme });
        // the error colour behind the page's own background colour, as the status line's refusals
        expect(await colours(), scheme).toBe(true);
        await p.screenshot({ path: join(SHOTS, `yatzee-connection-refused-620x720-${scheme}.png`) });
      }
      // defect: the dice, Throw and the invite link stood, an action answered "Not sent"; now out of play, with the offer to watch
      expect(await p.locator('#yatzee-dice, #yatzee-throw, #yatzee-invite').count()).toBe(0);
      expect(await p.getAttribute('#yatzee-mine', 'aria-label')).toBe(await p.textContent('#connection'));
      // defect: the sheets stood frozen as if current (old scores, Cy's own column); now the offer to watch alone
      expect(await p.locator('#yatzee-table').count()).toBe(0);
      await p.setViewportSize({ width: 1280, height: 720 });
      await p.screenshot({ path: join(SHOTS, 'yatzee-connection-refused-1280x720.png') });
      // the seat the room no longer holds is forgotten (a reload offers the form, not "That name is taken")
      expect(await p.evaluate((id) => ['cardwords.yatzee.seat', 'cardwords.yatzee.seats'].some((k) => localStorage.getItem(k)?.includes(id)), id)).toBe(false);
      await p.click('#yatzee-watch-again-button');
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('You are watching.');
      expect(await p.locator('#yatzee-table th.player[data-player="Cy"]').count()).toBe(1);
      expect(errors).toEqual([]);
      await other.leave();
    } finally {
      await context.close();
    }
  });

  it('a game nobody plays: the status line says in time that it ends for want of play, and the end names no winner (an action puts it off: test/game/yatzee.test.ts)', async () => {
    // defect: "You play as Ivy." until "Nobody played for a long time. Winner: Robot1."
    const IDLE_MS = 3000;
    const idle = await startServer({ args: ['--idle-timeout', String(IDLE_MS), '--reconnect-timeout', '1000'] });
    const { context, page: p } = await openPage(browser, { width: 1280, height: 720 });
    try {
      const olga = await Player.create(idle.url, 'yatzee', { owner: idle.ownerToken, name: 'Olga', robots: 0, seed: 'ui-idle' });
      await p.goto(`${idle.url}/yatzee.html?game=${olga.room.roomId}`);
      await p.fill('#yatzee-name', 'Ivy');
      await p.keyboard.press('Enter');
      await p.waitForSelector('#yatzee-dice');
      // the idle time's last fifth (600 ms here): polled often enough not to miss it
      const warned = 'Nobody has played for a while: the game ends in 1 second unless someone plays.';
      await expect.poll(() => p.textContent('#yatzee-status'), { timeout: 2 * IDLE_MS, interval: 50 }).toBe(warned);
      await expect.poll(() => p.textContent('#yatzee-status'), { timeout: 2 * IDLE_MS }).toBe('No winner: nobody played for a long time.');
    } finally {
      await context.close();
      await idle.stop();
    }
  });

  it("the owner ends the game: the owner's pages read 'You ended the game.', the others 'The owner ended the game.'; no throws left, expected score or Hint column stay", async () => {
    // defects: Bo (hints on) kept "Expected final score: 237.0", "Throws left: 3" and an empty
    // Hint column beside the results; the owner's own page read "The owner ended the game."
    const zoe = await openPage(browser, { width: 1280, height: 720 });
    const bo = await openPage(browser, { width: 1280, height: 720 });
    const zoeWatching = await openPage(browser, { width: 1000, height: 800 });
    const watcher = await openPage(browser, { width: 1000, height: 800, locale: 'de-DE' });
    try {
      const z = zoe.page;
      const b = bo.page;
      await z.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-owner-ends`);
      await z.fill('#yatzee-create-name', 'Zoe');
      await z.fill('#yatzee-create-robots', '1');
      await z.click('#yatzee-create-button');
      await z.waitForSelector('#yatzee-dice');
      const id = new URL(z.url()).searchParams.get('game')!;
      await b.goto(`${srv.url}/yatzee.html?game=${id}`);
      await b.fill('#yatzee-name', 'Bo');
      await b.keyboard.press('Enter');
      await b.waitForSelector('#yatzee-dice');
      // the owner on a second page (watching, the owner link) and a German watcher without it
      await zoeWatching.page.goto(`${srv.url}/yatzee.html?game=${id}&owner=${srv.ownerToken}`);
      await zoeWatching.page.click('#yatzee-watch-button');
      await watcher.page.goto(`${srv.url}/yatzee.html?game=${id}`);
      await watcher.page.click('#yatzee-watch-button');
      for (const p of [zoeWatching.page, watcher.page]) await p.waitForSelector('#yatzee-table th.player[data-player="Bo"]');
      // Bo's hints are on and shown (so their going at the end is the end's doing)
      await b.check('#yatzee-hints');
      await expect.poll(() => b.textContent('#yatzee-hint-line')).toMatch(/^Expected final score: \d+\.\d/);
      // defect: before a throw the Hint column stood headed over empty cells; it comes with the dice
      expect(await b.locator('#yatzee-table .hint-col').count()).toBe(0);
      expect(await throwsLeft(b)).toBe(3);
      await z.click('#yatzee-end');
      await z.click('#yatzee-end-confirm');
      // defect: the focus fell to the page with the question's button; it goes to the results
      await expect.poll(() => z.evaluate(() => document.activeElement?.id)).toBe('yatzee-results');
      await b.waitForSelector('#yatzee-results-list li');
      // defect: the help on the dice ("Click a die…") stayed, every control it names disabled
      expect(await b.locator('.my-more .help').count()).toBe(0);
      await expect.poll(() => b.textContent('#yatzee-status')).toMatch(/^The owner ended the game\. Winner: \S.*\.$/);
      // over: no throws left, no expected score, no Hint column (the dice stay, disabled, as in an end by the rules)
      await z.waitForSelector('#yatzee-results-list li');
      for (const p of [b, z]) {
        expect(await p.locator('#yatzee-throws-left, #yatzee-hint-line, #yatzee-hints, #yatzee-table .hint-col').count()).toBe(0);
        // nor the others' dice under their names (blank boxes beside the results at 1280x720)
        expect(await p.locator('#yatzee-table th.player .dice.small').evaluateAll((ds) => ds.filter((d) => getComputedStyle(d).display !== 'none').length)).toBe(0);
        expect(await p.textContent('main')).not.toMatch(/Expected final score|Throws left/);
        expect(await p.isDisabled('#yatzee-throw')).toBe(true);
      }
      // Zoe and Bo, who never played, share a place (the list numbered them one after the other)
      const places = await b.$$eval('#yatzee-results-list li', (lis) => lis.map((li) => ({ place: (li as HTMLLIElement).value, total: Number(/: (\d+)$/.exec(li.textContent ?? '')![1]) })));
      expect(places.filter((p) => p.total === 0).length).toBeGreaterThanOrEqual(2);
      expect(places.map((p) => p.place)).toEqual(places.map((p) => 1 + places.filter((o) => o.total > p.total).length));
      const winners = / Winner: .*$/.exec((await b.textContent('#yatzee-status'))!)![0];
      await expect.poll(() => z.textContent('#yatzee-status')).toBe(`You ended the game.${winners}`);
      await expect.poll(() => zoeWatching.page.textContent('#yatzee-status')).toBe(`You ended the game.${winners}`);
      await expect.poll(() => watcher.page.textContent('#yatzee-status')).toMatch(/^Der Besitzer hat das Spiel beendet\. /);
      for (const [w, h] of [[1280, 720], [620, 720]] as const) {
        for (const scheme of ['light', 'dark'] as const) {
          for (const [p, who] of [[b, 'bo'], [z, 'owner']] as const) {
            await p.setViewportSize({ width: w, height: h });
            await p.emulateMedia({ colorScheme: scheme });
            await p.screenshot({ path: join(SHOTS, `yatzee-owner-ended-${who}-${w}x${h}-${scheme}.png`) });
          }
        }
      }
      // defect: a reload offered a join form ("The game is over or does not exist.", Join and
      // Watch) a second after the results: it shows the results this tab saw, and joins nothing
      const seen = await b.locator('#yatzee-results-list li').allTextContents();
      const said = await b.textContent('#yatzee-status');
      const table = await b.locator('#yatzee-table').innerText();
      await b.reload();
      await expect.poll(() => b.locator('#yatzee-results-list li').allTextContents()).toEqual(seen);
      expect(await b.textContent('#yatzee-status')).toBe(said);
      // defect: the final score table (each player's sheet) went with the reload
      expect(await b.locator('#yatzee-table').innerText()).toBe(table);
      expect(await b.locator('#yatzee-table input').count()).toBe(0);
      expect(await b.locator('#yatzee-join, #yatzee-join-button, #yatzee-watch-button').count()).toBe(0);
      for (const [w, h] of [[1280, 720], [620, 720]] as const) {
        await b.setViewportSize({ width: w, height: h });
        await b.screenshot({ path: join(SHOTS, `yatzee-reloaded-results-${w}x${h}.png`) });
      }
      expect(zoe.errors).toEqual([]);
      expect(bo.errors).toEqual([]);
    } finally {
      await Promise.all([zoe, bo, zoeWatching, watcher].map((x) => x.context.close()));
    }
  });

  it('the owner creates a game without a name to watch it (two robots play); a reload comes back watching', async () => {
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720 });
    try {
      await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=watch`);
      // the field says an empty name watches (it was required: "Please fill out this field")
      expect(await p.textContent('#yatzee-create label:has(#yatzee-create-name) span')).toBe('Your name (empty: watch)');
      await p.fill('#yatzee-create-name', '');
      await p.fill('#yatzee-create-robots', '2');
      await p.click('#yatzee-create-button');
      await expect.poll(() => p.locator('#yatzee-table thead th.player').count()).toBe(2);
      // no dice of its own: the owner watches, and the robots' sheets fill
      expect(await p.locator('#yatzee-dice').count()).toBe(0);
      const filled = () => p.$$eval('#yatzee-table tr[data-category] td[data-player="Robot1"]', (tds) => tds.filter((td) => (td.textContent ?? '').trim() !== '').length);
      await expect.poll(filled, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(p.url()).toMatch(/[?&]watch=1/);
      await p.reload();
      await expect.poll(() => p.locator('#yatzee-table thead th.player').count()).toBe(2);
      expect(await p.locator('#yatzee-dice, #yatzee-create').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the join page offers no Join for a game whose 10 sheets are held (the room refuses an 11th), neither Join nor Watch for an ended one, and says why', async () => {
    // the owner by the protocol and nine robots: ten sheets, the most a game takes
    const olga = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Olga', robots: 9 });
    const id = olga.room.roomId;
    const listed = async () => (await getJSON<GameListing[]>(`${srv.url}/games`)).body.find((g) => g.id === id) ?? null;
    await expect.poll(async () => ((g) => g && g.players + g.robots)(await listed())).toBe(10);
    // what the page says is what the room does: an eleventh sheet is refused
    await expect(Player.join(srv.url, id, { name: 'Pia' })).rejects.toThrow(/table-full/);
    const { context, page: p, errors } = await openPage(browser, { width: 1280, height: 720 });
    try {
      await p.goto(`${srv.url}/yatzee.html?game=${id}`);
      await expect.poll(() => p.textContent('#yatzee-join-note')).toBe('Every seat is taken.');
      expect(await p.isDisabled('#yatzee-join-button')).toBe(true);
      expect(await p.getAttribute('#yatzee-join-button', 'title')).toBe('Every seat is taken.');
      // its watcher places are free: watching stays offered
      expect(await p.isEnabled('#yatzee-watch-button')).toBe(true);
      // the name goes with Join: not to be typed in, and the focus on Watch, what the page offers
      expect(await p.isDisabled('#yatzee-name')).toBe(true);
      // and looks it, as the disabled Join button does (the page's colours hid the browser's own)
      const opacity = (sel: string) => p.$eval(sel, (e) => Number(getComputedStyle(e).opacity));
      expect(await opacity('#yatzee-name')).toBeLessThan(1);
      expect(await opacity('#yatzee-name')).toBe(await opacity('#yatzee-join-button'));
      expect(await p.evaluate(() => document.activeElement?.id)).toBe('yatzee-watch-button');
      await shot(p, 'yatzee-join-full-1280x720');
      // the room's `ended` and its close held back on this page's sockets once the owner ends the
      // game: the page reloads between the results and `ended` (one message apart) at will
      const end = await holdEnded(p);
      // picked to watch already (the VS Code play list offers a full game so): the page watches at once
      await p.goto(`${srv.url}/yatzee.html?game=${id}&watch=1`);
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('You are watching.');
      await expect.poll(() => p.locator('#yatzee-table thead th.player').count()).toBe(10);
      expect(await p.locator('#yatzee-join').count()).toBe(0);
      // ten players: no place to invite anyone to
      expect(await p.locator('#yatzee-invite').count()).toBe(0);
      await shot(p, 'yatzee-watching-1280x720');
      // the landing page offers Watch while a watcher place is free (this page holds one of 20)
      const q = await openPage(browser, { width: 1280, height: 720 });
      const watchers: Player[] = [];
      try {
        await q.page.goto(`${srv.url}/`);
        await q.page.waitForSelector(`a[data-watch="${id}"]`);
        expect(await q.page.getAttribute(`a[data-watch="${id}"]`, 'href')).toBe(`./yatzee.html?game=${id}&watch=1`);
        await shot(q.page, 'lobby-yatzee-watch-1280x720');
        // every place taken: no Watch, and why, on the landing page and on the join page
        for (let i = 0; i < 19; i++) watchers.push(await Player.join(srv.url, id, { watch: true }));
        await expect.poll(async () => (await listed())?.watching).toBe(20);
        await q.page.reload();
        await expect.poll(() => q.page.locator(`[data-nowatch="${id}"]`).textContent()).toBe('Every watcher place is taken.');
        expect(await q.page.locator(`a[data-watch="${id}"]`).count()).toBe(0);
        await q.page.goto(`${srv.url}/yatzee.html?game=${id}`);
        await expect.poll(() => q.page.textContent('#yatzee-join-note')).toBe('Every seat is taken. Every watcher place is taken.');
        expect(await q.page.isDisabled('#yatzee-watch-button')).toBe(true);
        expect(q.errors).toEqual([]);
      } finally {
        for (const w of watchers) await w.leave();
        await q.context.close();
      }
      // the owner ends the game: it leaves the list, its room refuses everyone, and the page offers nothing
      end.hold = true;
      expect((await olga.request('end')).type).toBe('ack');
      await expect.poll(listed).toBeNull();
      // this page watched the game to its end: a reload shows the results it saw (kept for the tab)
      await expect.poll(() => p.locator('#yatzee-results-list li').count()).toBe(10);
      // defect: the page kept them at `ended`, which follows the results (a reload between the
      // two, seen once on a loaded machine, found nothing kept); the reload here comes with
      // `ended` still held, the results shown: kept at the results, with the end's sentence
      await expect.poll(() => end.held).toEqual(['ended', 'close']);
      expect(await p.textContent('#yatzee-status')).not.toMatch(/ended the game/);
      await p.reload();
      await expect.poll(() => p.locator('#yatzee-results-list li').count()).toBe(10);
      await expect.poll(() => p.textContent('#yatzee-status')).toMatch(/^The owner ended the game\. Winners?: /);
      expect(await p.locator('#yatzee-join, #yatzee-join-button, #yatzee-watch-button').count()).toBe(0);
      // a tab that did not see the end: defect, it offered Join and Watch (disabled) all the same; now no form at all
      await p.evaluate(() => sessionStorage.clear());
      await p.reload();
      await expect.poll(() => p.textContent('#yatzee-over')).toBe('The game is over or does not exist. Games');
      expect(await p.locator('#yatzee-join, #yatzee-join-button, #yatzee-watch-button').count()).toBe(0);
      // the watch the address asked for was refused (the room is locked): the note says why,
      // once; the matchmaker's raw words (`room "ID" is locked`) are not shown
      expect(await p.textContent('#yatzee-status')).toBe('');
      expect(await p.textContent('main')).not.toMatch(/locked|room "/);
      await shot(p, 'yatzee-join-ended-1280x720');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await olga.leave();
    }
  });

  it('ten players in a VS Code editor column (900x700): who is who shows, the category names stay, a refusal goes with the next action', async () => {
    const { context, page: p, errors } = await openPage(browser, { width: 900, height: 700 });
    try {
      await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-ten`);
      await p.fill('#yatzee-create-name', 'Zoe');
      await p.fill('#yatzee-create-robots', '9');
      await p.click('#yatzee-create-button');
      await p.waitForSelector('#yatzee-dice');
      await expect.poll(() => p.locator('#yatzee-table thead th.player').count()).toBe(10);
      await p.check('#yatzee-hints');
      await p.locator('#yatzee-dice .die').first().focus();

      // defect: a refusal stayed in the status line after the next action had succeeded
      await p.keyboard.press('u');
      await expect.poll(() => p.textContent('#yatzee-status')).toBe('Refused: Undo transfer is possible only right after a transfer.');
      expect(await p.getAttribute('#yatzee-status', 'data-kind')).toBe('error');
      await p.keyboard.press('Enter');
      await expect.poll(() => throwsLeft(p)).toBe(2);
      await expect.poll(() => p.getAttribute('#yatzee-status', 'data-kind')).not.toBe('error');
      expect(await p.textContent('#yatzee-status')).not.toMatch(/Refused/);
      await expect.poll(() => p.locator('#yatzee-table td[data-hint]').count()).toBe(15);

      // defect: "(you)" and "(robot)" were for screen readers only (and the tooltip): a sighted
      // player could not tell their column or a robot's; now a small second line says it
      const marks = await p.$$eval('#yatzee-table thead th.player', (ths) =>
        ths.map((th) => {
          // the texts a sighted player sees: rendered, and the topmost thing where they are drawn
          // (the column scrolled into view at the right, clear of the category names)
          th.scrollIntoView({ block: 'nearest', inline: 'end' });
          const seen: string[] = [];
          const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
          for (let n = walk.nextNode(); n; n = walk.nextNode()) {
            const r = document.createRange();
            r.selectNodeContents(n);
            const box = r.getBoundingClientRect();
            if (box.width < 8 || box.height < 6 || !n.textContent?.trim()) continue;
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (hit && (hit === n.parentElement || n.parentElement!.contains(hit))) seen.push(n.textContent.trim());
          }
          const thBox = th.getBoundingClientRect();
          return { player: (th as HTMLElement).dataset.player!, seen, width: thBox.width };
        }),
      );
      expect(marks[0]!.player).toBe('Zoe');
      expect(marks[0]!.seen).toEqual(['Zoe', 'you']);
      for (const m of marks.slice(1)) expect(m.seen, m.player).toEqual([m.player, 'robot']);
      // compact: no column grows past the name's room (4.8rem) and its padding
      for (const m of marks) expect(m.width, m.player).toBeLessThanOrEqual(5.4 * 16);

      // defect: at 900x700 the ten columns and the hint column scroll sideways, and the
      // category names went with them; now they stay at the left while the columns scroll
      const sheets = p.locator('#yatzee-sheets');
      const scrolls = await sheets.evaluate((e) => e.scrollWidth > e.clientWidth);
      expect(scrolls, 'ten columns and the hints are wider than the editor column').toBe(true);
      await sheets.evaluate((e) => (e.scrollLeft = e.scrollWidth));
      await expect.poll(() => sheets.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
      const names = await p.$$eval('#yatzee-table th[scope="row"], #yatzee-table th.category-col', (ths) => {
        const view = document.getElementById('yatzee-sheets')!.getBoundingClientRect();
        return ths.map((th) => {
          const b = th.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + Math.min(b.width / 2, 20), b.top + b.height / 2);
          return { text: th.textContent, inView: b.left >= view.left - 0.5 && b.right <= view.right + 0.5, onTop: hit === th || th.contains(hit) };
        });
      });
      expect(names.length).toBe(19);
      expect(names.filter((n) => !n.inView || !n.onTop)).toEqual([]);
      // the last columns and the hints are in view
      const hint = (await p.locator('#yatzee-table thead th.hint-col').boundingBox())!;
      expect(hint.x + hint.width).toBeLessThanOrEqual(900);
      await p.screenshot({ path: join(SHOTS, 'yatzee-10-players-900x700-scrolled.png') });
      await sheets.evaluate((e) => (e.scrollLeft = 0));
      await p.screenshot({ path: join(SHOTS, 'yatzee-10-players-900x700.png') });
      // defect: the table full, Add a robot stayed on, and a click answered "Refused: The table
      // is full (10 players)."; it is off, saying why
      expect(await p.isDisabled('#yatzee-add-robot')).toBe(true);
      expect(await p.getAttribute('#yatzee-add-robot', 'title')).toBe('The table is full (10 players).');
      // defect: in a 620x720 column, the page scrolled down the table, the dice (sticky at the
      // top) covered the column heads: whose column was whose could not be read. The heads stop
      // under the dice, every name in view the topmost thing where it is drawn
      await p.setViewportSize({ width: 620, height: 720 });
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = () =>
        p.$$eval('#yatzee-table thead th.player .name', (names) => {
          const view = document.getElementById('yatzee-sheets')!.getBoundingClientRect();
          const dice = document.getElementById('yatzee-mine')!.getBoundingClientRect();
          const shown = names.filter((n) => {
            const b = n.getBoundingClientRect();
            return b.left >= view.left && b.right <= view.right;
          });
          const hidden = shown.filter((n) => {
            const b = n.getBoundingClientRect();
            const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return !(hit === n || n.contains(hit)) || b.top < dice.bottom - 0.5;
          });
          return { shown: shown.length, hidden: hidden.map((n) => n.textContent), scrolled: window.scrollY > 0, diceTop: dice.top };
        });
      await expect.poll(covered).toEqual({ shown: expect.any(Number), hidden: [], scrolled: true, diceTop: 0 });
      expect((await covered()).shown).toBeGreaterThan(3);
      // with the dice and the whole table: the last row in view
      const total = (await p.locator('#yatzee-table tfoot tr.total').boundingBox())!;
      expect(total.y + total.height).toBeLessThanOrEqual(720);
      await p.screenshot({ path: join(SHOTS, 'yatzee-10-players-620x720-scrolled.png') });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a whole game of three to the results (Eve in the browser, two robots), the preselection always the hint’s best', async () => {
    const eve = await openPage(browser, { width: 1280, height: 720 });
    let fay: Player | null = null;
    try {
      const e = eve.page;
      await e.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-whole-game`);
      await e.fill('#yatzee-create-name', 'Eve');
      await e.fill('#yatzee-create-robots', '2');
      await e.click('#yatzee-create-button');
      await e.waitForSelector('#yatzee-dice');
      await expect.poll(() => e.locator('#yatzee-table thead th.player').count()).toBe(3);
      // defect: the sheet's width of 100% spread three players over the page (184 px a column
      // here, 250 at 1920x1080); the table is as wide as its content, each column a name's room
      const widths = await e.$$eval('#yatzee-table thead th.player', (ths) => ths.map((th) => th.getBoundingClientRect().width));
      for (const w of widths) expect(w).toBeLessThanOrEqual(5.4 * 16);
      expect(await e.locator('#yatzee-table').evaluate((t) => t.getBoundingClientRect().width / t.parentElement!.clientWidth)).toBeLessThan(0.5);
      // Fay joins and does not play: Eve's sheet is full while the game goes on
      fay = await Player.join(srv.url, new URL(e.url()).searchParams.get('game')!, { name: 'Fay' });
      await expect.poll(() => e.locator('#yatzee-table thead th.player').count()).toBe(4);
      await e.check('#yatzee-hints');
      // the page's keys work from the checkbox too: d goes to the dice
      await e.keyboard.press('d');
      expect(await e.evaluate(() => document.activeElement?.classList.contains('die'))).toBe(true);
      for (let round = 1; round <= CATEGORIES.length; round++) {
        await e.locator('#yatzee-dice .die').first().focus();
        await e.keyboard.press('Enter');
        await expect.poll(() => throwsLeft(e)).toBe(2);
        const open = CATEGORIES.length - round + 1;
        await expect.poll(() => e.locator('#yatzee-table td[data-hint]').count(), { timeout: 30_000 }).toBe(open);
        // the Hint column, heading and all, with the values after a throw
        expect(await e.locator('#yatzee-table thead th.hint-col').count()).toBe(1);
        // defect: the preselection meant "most points now" and disagreed with the hint column;
        // now it is the category the hint column rates best (ties: any of them)
        const hints = await e.$$eval('#yatzee-table td[data-hint]', (tds) => tds.map((td) => [(td.parentElement as HTMLElement).dataset.category!, Number((td as HTMLElement).dataset.hint)] as const));
        const best = Math.max(...hints.map((x) => x[1]));
        const pick = await chosen(e);
        expect(pick).toHaveLength(1);
        expect(hints.find((x) => x[0] === pick[0])?.[1], `round ${round}: ${pick[0]} of ${JSON.stringify(hints)}`).toBe(best);
        // the last from the chosen category's radio, which goes with the transfer
        if (round === CATEGORIES.length) await e.focus('#yatzee-table input[name="category"]:checked');
        await e.keyboard.press('t');
        await expect.poll(() => e.locator('#yatzee-table td.mine.score:not(.open):not(.preview)').count()).toBe(round);
      }
      // defect: after the last transfer the focus went to Throw, off for a full sheet, and so to the page; now the sheet
      await expect.poll(() => e.evaluate(() => document.activeElement?.id)).toBe('yatzee-table');
      // defect: the full sheet went on offering "Show expected values" while Fay plays on (it
      // can show nothing for a full sheet); it goes with the hint line, the sheet said full
      expect(await e.textContent('#yatzee-throws-left')).toBe('Your sheet is full.');
      expect(await e.locator('#yatzee-results').count()).toBe(0);
      expect(await e.locator('#yatzee-hints, #yatzee-hint-line').count()).toBe(0);
      // Fay's leave closes the last sheet still open (the robots' are full, or fill on their own)
      expect((await fay.leaveGame()).type).toBe('ack');
      fay = null;
      // every sheet full (the robots play on their own): the game ends by itself with the results
      await e.waitForSelector('#yatzee-results-list li', { timeout: 60_000 });
      expect(await e.locator('#yatzee-table tbody td.score:not(.open):not(.preview)').count()).toBe(3 * CATEGORIES.length);
      // the others' full sheets are done (their dice read "not thrown yet")
      const others = await e.$$eval('#yatzee-table thead th.player .dice.small', (ds) => ds.map((d) => d.getAttribute('aria-label') ?? ''));
      expect(others).toHaveLength(2);
      for (const label of others) expect(label).toMatch(/^\S+: done, the sheet is full$/);
      // the game over, the line of throws left ("Your sheet is full."), the hints' checkbox, the
      // hint line (it repeated the total) and the Hint column go: nothing is left to throw or advise
      await expect.poll(() => e.locator('#yatzee-throws-left, #yatzee-hints, #yatzee-hint-line, #yatzee-table .hint-col').count()).toBe(0);
      await expect.poll(() => e.isDisabled('#yatzee-end')).toBe(true);
      // nothing can be done any more: every action is off (Undo transfer stayed on, doing
      // nothing), the status names the winners and the results come into view
      for (const b of ['#yatzee-throw', '#yatzee-transfer', '#yatzee-undo', '#yatzee-reset', '#yatzee-add-robot']) expect(await e.isDisabled(b), b).toBe(true);
      await expect.poll(() => e.textContent('#yatzee-status')).toMatch(/^Every sheet is full\. Winner: \S.*\.$/);
      expect(await e.locator('#yatzee-results').evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      // defect: the finished bonus line showed the bonus alone ("50"); it is the upper sum with
      // its bonus, as Emacs writes it (docs/rules.md#yatzee-bonus-line), and says so on hover
      for (const name of await e.$$eval('#yatzee-table thead th.player', (ths) => ths.map((th) => (th as HTMLElement).dataset.player ?? ''))) {
        const upper = Number(await e.textContent(`#yatzee-table td[data-player="${name}"][data-category="upper"]`));
        const bonus = upper >= 63 ? 50 : 0;
        const cell = e.locator(`#yatzee-table td[data-player="${name}"][data-category="bonus"]`);
        expect(await cell.textContent(), name).toBe(`${upper}+${bonus}`);
        expect(await cell.getAttribute('title')).toBe(`The upper sum, ${upper}, and its bonus, ${bonus}: ${upper + bonus} in all.`);
      }
      await shot(e, 'yatzee-whole-game-1280x720');
      const results = await e.$$eval('#yatzee-results-list li', (lis) => lis.map((li) => li.textContent ?? ''));
      expect(results).toHaveLength(3);
      const eveTotal = await e.textContent('#yatzee-table td.mine[data-category="total"]');
      // her own line says so, as her column does
      expect(results.some((r) => r === `Eve (you): ${eveTotal}`), JSON.stringify(results)).toBe(true);
      expect(await e.locator('#yatzee-results-list li.mine').count()).toBe(1);
      expect(results.filter((r) => /^Robot\d+ \(robot\): \d+$/.test(r))).toHaveLength(2);
      // best first
      const totals = results.map((r) => Number(/(\d+)$/.exec(r)![1]));
      expect(totals).toEqual([...totals].sort((x, y) => y - x));
      await shot(e, 'yatzee-results');
      expect(eve.errors).toEqual([]);
    } finally {
      await eve.context.close();
      await fay?.leave();
    }
  });

  it('defect: at the end, in a 620x720 column, the results, the players’ names and their totals are in view together, the dice no longer over them', async () => {
    // the results came under the table and were scrolled into view, which pushed the column
    // heads (the names) above the view while the disabled dice stayed at its top: numbers
    // without whose they were. Three players, all columns in view; ten, the columns scrolling
    // sideways (the names of those in view are checked)
    for (const robots of [2, 9]) {
      const { context, page: p, errors } = await openPage(browser, { width: 620, height: 720, colorScheme: robots === 2 ? 'light' : 'dark' });
      try {
        await p.goto(`${srv.url}/yatzee.html?owner=${srv.ownerToken}&seed=ui-end-620-${robots}`);
        await p.fill('#yatzee-create-name', 'Una');
        await p.fill('#yatzee-create-robots', String(robots));
        await p.click('#yatzee-create-button');
        await p.waitForSelector('#yatzee-dice');
        await expect.poll(() => p.locator('#yatzee-table thead th.player').count()).toBe(robots + 1);
        for (let round = 1; round <= CATEGORIES.length; round++) {
          await p.locator('#yatzee-dice .die').first().focus();
          await p.keyboard.press('Enter');
          await expect.poll(() => throwsLeft(p)).toBe(2);
          // the last transfer as a player in a narrow column makes it: scrolled down to the
          // table's lower rows, under the dice kept at the top of the view
          if (round === CATEGORIES.length) await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await p.keyboard.press('t');
          await expect.poll(() => p.locator('#yatzee-table td.mine.score:not(.open):not(.preview)').count()).toBe(round);
        }
        // every sheet full (the robots play on their own): the results
        await p.waitForSelector('#yatzee-results-list li', { timeout: 60_000 });
        await expect.poll(() => p.textContent('#yatzee-status')).toMatch(/^Every sheet is full\. Winner: \S.*\.$/);
        // defect: the last transfer made with `t` from a die left the focus on it, blank at the
        // end under the table; it goes to the results, as after the owner's end
        await expect.poll(() => p.evaluate(() => document.activeElement?.id)).toBe('yatzee-results');
        /** The names in the column heads seen (in the view, not under anything) of the columns in view sideways, and whether the results and the Total row are in view. */
        const seen = () =>
          p.evaluate(() => {
            const inView = (b: DOMRect) => b.top >= 0 && b.bottom <= window.innerHeight;
            const sheets = document.getElementById('yatzee-sheets')!.getBoundingClientRect();
            const names = Array.from(document.querySelectorAll<HTMLElement>('#yatzee-table thead th.player .name')).flatMap((name) => {
              const b = name.getBoundingClientRect();
              const x = b.left + b.width / 2;
              if (x < sheets.left || x > sheets.right) return [];
              const hit = document.elementFromPoint(x, b.top + b.height / 2);
              return [{ name: (name.closest('th') as HTMLElement).dataset.player ?? null, seen: inView(b) && !!hit && (hit === name || name.contains(hit)) }];
            });
            const total = document.querySelector('#yatzee-table tfoot tr.total')!.getBoundingClientRect();
            return { results: inView(document.getElementById('yatzee-results')!.getBoundingClientRect()), total: inView(total), names };
          });
        const unseen = async () => ((s) => ({ results: s.results, total: s.total, unseen: s.names.filter((n) => !n.seen).map((n) => n.name) }))(await seen());
        // defect: ten players' Total row was just below the fold (the status line at the view's
        // top); compacter rows in a narrow column, and no players' dice over, bring it in
        await expect.poll(unseen).toEqual({ results: true, total: true, unseen: [] });
        const { names } = await seen();
        expect(names.length, 'columns in view sideways').toBeGreaterThanOrEqual(3);
        expect(names[0]!.name).toBe('Una');
        await p.screenshot({ path: join(SHOTS, `yatzee-end-${robots + 1}-players-620x720.png`) });
        // the table scrolled to its head: the names, not the disabled dice over them
        await p.locator('#yatzee-table thead').evaluate((e) => e.scrollIntoView({ block: 'start' }));
        expect((await unseen()).unseen).toEqual([]);
        // and at the page's top (the title over the status line) as well
        await p.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(() => p.evaluate(() => window.scrollY)).toBe(0);
        const total = (await p.locator('#yatzee-table tfoot tr.total').boundingBox())!;
        expect(total.y + total.height, 'the totals in the view at the top').toBeLessThanOrEqual(720);
        expect(await unseen()).toEqual({ results: true, total: true, unseen: [] });
        await p.screenshot({ path: join(SHOTS, `yatzee-end-${robots + 1}-players-620x720-top.png`) });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

/**
 * Holds back, once `hold` is set, the Yatzee room's `ended` and the room's close on the page's
 * sockets (playwright's WebSocket route; everything else passes): `held` says what was.
 */
async function holdEnded(p: Page): Promise<{ hold: boolean; held: string[] }> {
  const end = { hold: false, held: [] as string[] };
  // a room message: ROOM_DATA, then its type as a short string (0xa0 | length, its bytes)
  const ended = Buffer.from([Protocol.ROOM_DATA, 0xa0 | 'ended'.length, ...Buffer.from('ended')]);
  await p.routeWebSocket(/./, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      if (end.hold && typeof m !== 'string' && m.subarray(0, ended.length).equals(ended)) end.held.push('ended');
      else ws.send(m);
    });
    server.onClose((code, reason) => {
      if (end.hold) end.held.push('close');
      else void ws.close({ code, reason });
    });
  });
  // the SDK tries Node's form first, new WebSocket(url, { headers, protocols }), which a browser
  // refuses (it then gives the protocols alone); the route's stand-in took it and failed later
  // ("protocols[0]: expected string, got object"): it refuses it as the browser does
  await p.addInitScript(() => {
    const Routed = window.WebSocket;
    window.WebSocket = class extends Routed {
      constructor(url: string | URL, protocols?: string | string[]) {
        if (protocols !== undefined && typeof protocols !== 'string' && !Array.isArray(protocols)) throw new SyntaxError('protocols: a string or a list of them');
        super(url, protocols);
      }
    };
  });
  return end;
}
