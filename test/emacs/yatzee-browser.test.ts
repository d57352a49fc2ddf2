// One Yatzee game, two clients at once: a real `emacs -nw` in tmux (M-x cardwords-yatzee,
// driven by keystrokes) creates it on a real game server as its owner, a real Chromium
// joins it from the landing page, and each sees the other's sheet update.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensurePackages } from '../support/apt.js';
import { startServer, type ServerProcess } from '../support/game-server.js';
import { type TmuxSession, tempDir } from '../lines/helpers.js';
import { startEmacs } from '../support/emacs.js';
import { CATEGORY_LABELS, type Category } from '../../core/games/yatzee/rules.js';
import { launch, openPage } from '../ui/browser.js';

let srv: ServerProcess;
let browser: Browser;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  ensurePackages(['tmux', 'emacs-nox', 'chromium-headless-shell']);
  [srv, browser] = await Promise.all([startServer({ args: ['--reconnect-timeout', '1000'] }), launch()]);
}, 1_500_000);

afterAll(async () => {
  tmux?.kill();
  await browser?.close();
  await srv?.stop();
});

it('an Emacs player and a browser player in one Yatzee game see each other\'s sheets update', { timeout: 600_000 }, async () => {
  const dir = tempDir('cardwords-emacs-yatzee-web-');
  tmux = startEmacs(dir, '', '(setq cardwords-yatzee-robots 0 cardwords-yatzee-name "Emma")');
  await tmux.waitFor((s) => /\*scratch\*/.test(s), 'Emacs', 20_000);
  tmux.keys('M-x');
  tmux.type('cardwords-yatzee');
  tmux.keys('Enter');
  await tmux.waitFor((s) => /Server URL/.test(s), 'the URL prompt', 10_000);
  tmux.type(srv.url);
  tmux.keys('Enter');
  // the server's games list (none yet): a new game
  await tmux.waitFor((s) => /Game \(or new\):/.test(s), 'the games list prompt', 60_000);
  tmux.type('new');
  tmux.keys('Enter');
  await tmux.waitFor((s) => /Owner token:/.test(s), 'the owner token prompt', 10_000);
  tmux.type(srv.ownerToken);
  tmux.keys('Enter');
  const created = await tmux.waitFor((s) => /^Yatzee {2}game \S+/m.test(s), 'the game', 60_000);
  const gameId = /^Yatzee {2}game (\S+)/m.exec(created)![1]!;

  // Bo joins from the landing page's list.
  const { page: b } = await openPage(browser);
  await b.goto(`${srv.url}/`);
  await b.click(`a[data-game="${gameId}"]`);
  await b.fill('#yatzee-name', 'Bo');
  await b.keyboard.press('Enter');
  await b.waitForSelector('#yatzee-dice');
  await b.waitForSelector('#yatzee-table th[data-player="Emma"]');
  await tmux.waitFor((s) => /^ +Emma +Bo$|^ +Bo +Emma$/m.test(s), 'Bo\'s column in Emacs', 20_000);

  // Emma throws and transfers in Emacs: Bo's browser shows both.
  tmux.keys('Space');
  const thrown = await tmux.waitFor((s) => /^Your dice \(throw 1 of 3\): .* Suggestion: \S/m.test(s), 'Emma\'s throw', 60_000);
  // the suggestion is named as on the sheet ('Two pairs'); the browser's cells carry the id
  const label = / Suggestion: (.+?) *$/m.exec(thrown)![1]!;
  const suggestion = (Object.keys(CATEGORY_LABELS) as Category[]).find((c) => CATEGORY_LABELS[c] === label)!;
  expect(suggestion).toBeDefined();
  await expect.poll(() => b.getAttribute('#yatzee-table th[data-player="Emma"] .dice', 'aria-label'), { timeout: 60_000 }).toMatch(/throws made: 1/);
  tmux.keys('Enter');
  await expect.poll(() => b.textContent(`#yatzee-table td[data-player="Emma"][data-category="${suggestion}"]`), { timeout: 60_000 }).toMatch(/^\d+$/);
  const emmaScore = Number(await b.textContent(`#yatzee-table td[data-player="Emma"][data-category="${suggestion}"]`));

  // Bo throws and transfers by keyboard: Emacs shows his dice and his score.
  await b.focus('#yatzee-dice .die');
  await b.keyboard.press('Enter');
  await tmux.waitFor((s) => /(^| {2})Bo: [1-6] [1-6] [1-6] [1-6] [1-6] {2}throw 1$/m.test(s), 'Bo\'s throw in Emacs', 60_000);
  // Bo's own page has his throw too before he transfers (else t has nothing to transfer).
  await expect.poll(() => b.getAttribute('#yatzee-throws-left', 'data-left'), { timeout: 60_000 }).toBe('2');
  await b.keyboard.press('t');
  const after = await tmux.waitFor((s) => /^Total +\d+ +\d+$/m.test(s) && /(^| {2})Bo: not thrown yet$/m.test(s), 'Bo\'s transfer in Emacs', 60_000);
  const totals = /^Total +(\d+) +(\d+)$/m.exec(after)!;
  expect([Number(totals[1]), Number(totals[2])]).toContain(emmaScore);
  // the mode line: Emma's total and the other player's (her column is first)
  const boScore = Number(await b.textContent('#yatzee-table tr.total td[data-player="Bo"]'));
  await tmux.waitFor((s) => s.includes(`(Yatzee You:${emmaScore}  Bo:${boScore})`), 'both totals in the mode line', 30_000);
});
