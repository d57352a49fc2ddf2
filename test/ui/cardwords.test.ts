// The Cardwords panel in real Chromium against a real game server on a temp copy of
// samples/tiny: the owner creates a game (one human, one robot, a watcher place) from the
// landing page and plays a whole game against the robot by keyboard alone through the
// seed's action selection area, to the final results. The human's legal moves are chosen
// by core's robot in the test process, from what the page shows, and typed as the seed
// says: the location (the shared coordinate first, `/` turning the direction), the cards by
// letter (points typed where the letter alone is ambiguous), wildcards by space and their
// meaning, `.` `.` for a trade, backspace, Return. On the way: a move refused for an
// unknown word, explained, approved by the owner through the prompt and then played; the
// preview's score checked against core's scoring; a trade; a wildcard; a watcher who sees
// the table but no hand; the robot's hint; the rematch.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, Card, PlacedCard } from '../../core/games/cardwords/types.js';
import { chooseAction, choiceToAction, tilesToPlaced } from '../../core/robots/cardwords/robot.js';
import { generateMoves, sortMoves, type GenContext } from '../../core/robots/cardwords/generate.js';
import { checkMove } from '../../core/games/cardwords/rules.js';
import { rulesFromRuleset } from '../../core/games/cardwords/setup.js';
import { Rng } from '../../core/random.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { startServer, type ServerProcess } from '../support/game-server.js';
import { copySample, genContext, loadTestRuleset } from '../game/cardwords-helpers.js';
import { launch, openPage, shot, type TestPage } from './browser.js';

interface Snap {
  board: Array<{ col: number; row: number; char: string; points: number; meaning: string }>;
  hand: Array<{ char: string; points: number }>;
  turn: number;
  seat: number;
  status: string;
  pile: number;
  moves: number;
  /** The room's grace period in ms (-1: never). */
  grace: number;
  players: Array<{ name: string; score: number; cards: number }>;
}

const DEAL_SEED = process.env.CW_UI_SEED ?? 'ui-1';

let srv: ServerProcess;
let browser: Browser;
let ann: TestPage;
let watcher: TestPage;
let ruleset: Ruleset;
let gctx: GenContext;
const approved: string[] = [];

beforeAll(async () => {
  const dir = copySample('tiny');
  // four more wildcards in the copy (28 cards): the human meets one within a few trades, so
  // the game surely shows a wildcard typed as space + meaning
  const cardset = join(dir, 'tiny.cardset');
  writeFileSync(cardset, `${readFileSync(cardset, 'utf8').replace(/^24/, '28').trimEnd()}\n[  0] [  1] [  0] [  2]\n`);
  ruleset = await loadTestRuleset(dir);
  gctx = genContext(ruleset);
  [srv, browser] = await Promise.all([startServer({ args: ['--ruleset', dir, '--robot-delay', '30', '--reconnect-timeout', '1000'] }), launch()]);
  [ann, watcher] = await Promise.all([openPage(browser, { width: 1300, height: 1000 }), openPage(browser, { locale: 'de-DE', width: 1100, height: 900, colorScheme: 'dark' })]);
});

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
});

const snap = (p: Page) => p.evaluate(() => (window as unknown as { cardwordsPanel: { snapshot(): unknown } }).cardwordsPanel.snapshot()) as Promise<Snap>;
const toCard = (c: { char: string; points: number }): Card => ({ char: c.char === '' ? null : c.char, points: c.points });

function boardOf(s: Snap): Board {
  const W = ruleset.table.width;
  const cells: Array<Card | null> = new Array<Card | null>(W * ruleset.table.height).fill(null);
  for (const c of s.board) cells[c.row * W + c.col] = c.char === '' ? { char: null, points: c.points, meaning: c.meaning } : { char: c.char, points: c.points };
  return { width: W, height: ruleset.table.height, cells };
}

// default coordinates: letters name the columns (A = leftmost), numbers the rows (1 = top)
const colLabel = (c: number) => String.fromCharCode(65 + c);
const rowLabel = (r: number) => String(r + 1);

/** The keys of one card, with its points when other cards of the hand left share its letter. */
function cardKeys(card: Card, meaning: string | undefined, left: Card[]): string {
  const same = left.filter((c) => c.char === card.char);
  const ambiguous = new Set(same.map((c) => c.points)).size > 1;
  const k = left.findIndex((c) => c.char === card.char && c.points === card.points);
  left.splice(k, 1);
  const head = card.char === null ? ` ${meaning}` : card.char;
  return ambiguous ? `${head}${card.points}` : head;
}

/** Types a move through the action selection area; `turn` types the other order and then `/`. */
async function typeMove(p: Page, hand: Card[], placed: readonly PlacedCard[], turn: boolean): Promise<void> {
  const cards = placed.slice().sort((a, b) => a.row - b.row || a.col - b.col);
  const first = cards[0]!;
  const across = cards.length > 1 ? cards.every((c) => c.row === first.row) : true;
  await p.keyboard.press('Escape');
  const down = !across;
  const letterFirst = turn ? !down : down;
  await p.keyboard.type(letterFirst ? colLabel(first.col) + rowLabel(first.row) : rowLabel(first.row) + colLabel(first.col));
  if (turn) await p.keyboard.type('/');
  const left = hand.slice();
  for (const c of cards) await p.keyboard.type(cardKeys({ char: c.card.char, points: c.card.points }, c.card.meaning, left));
}

async function typeTrade(p: Page, hand: Card[], cards: readonly Card[]): Promise<void> {
  await p.keyboard.press('Escape');
  // at the start of a turn the area expects a location: one `.` invalidates it (two in card input mode)
  await p.keyboard.type('.');
  const left = hand.slice();
  for (const c of cards) await p.keyboard.type(cardKeys(c, c.char === null ? 'A' : undefined, left));
}

/** Waits until it is the seat's turn or the game is over. */
async function myTurn(p: Page): Promise<Snap> {
  let s = await snap(p);
  const ready = () => s.status === 'over' || (s.status === 'playing' && s.turn === s.seat && s.hand.length > 0);
  await expect
    .poll(async () => ready() || ((s = await snap(p)), ready()), { timeout: 20_000, message: 'my turn or the end' })
    .toBe(true);
  return s;
}

async function submitAndWait(p: Page, before: number): Promise<void> {
  await p.keyboard.press('Enter');
  await expect.poll(async () => (await snap(p)).moves, { timeout: 10_000 }).toBeGreaterThan(before);
}

describe('Cardwords panel in Chromium', () => {
  let gameId = '';

  it('the owner creates a game with a robot and a watcher place from the landing page', async () => {
    const a = ann.page;
    await a.goto(`${srv.url}/?owner=${srv.ownerToken}`);
    await a.click('#new-cardwords');
    await a.waitForURL(/\/cardwords\.html$/);
    // the same deal every run (the owner may fix the first deal's seed): the scripted game
    // below then surely meets a wildcard, a trade and a refusal before the end
    await a.goto(`${srv.url}/cardwords.html?seed=${DEAL_SEED}`);
    await a.waitForSelector('#cw-create-ruleset option[value="tiny"]', { state: 'attached' });
    await a.fill('#cw-create-name', 'Ann');
    await a.fill('#cw-create-humans', '1');
    await a.fill('#cw-create-robots', '1');
    await a.selectOption('#cw-create-level-0', 'best');
    await a.fill('#cw-create-watchers', '1');
    await a.click('#cw-create-button');
    await a.waitForSelector('#cw-area');
    gameId = new URL(a.url()).searchParams.get('game')!;
    expect(gameId).toMatch(/^\S+$/);
    // the hand may come in a later patch than the rest
    await expect.poll(async () => (await snap(a)).hand.length).toBe(ruleset.handSize);
    expect(await a.evaluate(() => document.activeElement?.id)).toBe('cw-area');
    // the table: 7*7 with the seed's markers, blocked corners, labels and details
    expect(await a.locator('#cw-table [role="gridcell"]').count()).toBe(49);
    expect(await a.getAttribute('#cw-cell-0-0', 'class')).toContain('blocked');
    expect(await a.textContent('#cw-cell-1-1')).toBe('W2');
    expect(await a.textContent('#cw-cell-6-3')).toBe('C5 L2');
    expect(await a.getAttribute('#cw-cell-3-6', 'aria-label')).toMatch(/^D7: letter factor 3, empty$/);
    await a.hover('#cw-cell-3-3');
    expect(await a.textContent('#cw-info-cell')).toBe('D4: the first move must cover this cell, empty');
    expect(await a.textContent('#cw-info-file')).toBe('In the card-table file: (3,3)');
    // the score board: whose turn, H/R, pile; the lists
    expect(await a.textContent('#cw-scores tr[data-seat="0"]')).toMatch(/▶Ann\s*H0\d–/);
    expect(await a.getAttribute('#cw-scores tr[data-seat="1"] td[data-type]', 'data-type')).toBe('R');
    expect(await a.textContent('#cw-pile')).toMatch(/Cards in the pile: 20 · your turn/);
    expect(await a.textContent('#cw-all-cards .count')).toBe('28 cards');
    expect(await a.textContent('#cw-unseen-cards .count')).toBe('24 cards');
  });

  it('a move with an unknown word is refused and explained; the owner approves the word; the retry is played', async () => {
    const a = ann.page;
    const s = await snap(a);
    const hand = s.hand.map(toCard);
    // two cards of the hand that make a word the dictionary does not know, across D4 (the start)
    let pair: [number, number] | null = null;
    for (let i = 0; i < hand.length && !pair; i++)
      for (let j = 0; j < hand.length && !pair; j++) {
        if (i === j || hand[i]!.char === null || hand[j]!.char === null) continue;
        if (!gctx.store.has(hand[i]!.char! + hand[j]!.char!)) pair = [i, j];
      }
    expect(pair).not.toBeNull();
    const word = hand[pair![0]]!.char! + hand[pair![1]]!.char!;
    const placed: PlacedCard[] = [
      { col: 3, row: 3, card: hand[pair![0]]! },
      { col: 4, row: 3, card: hand[pair![1]]! },
    ];
    // the preview before submitting: the word and core's score
    const rules = rulesFromRuleset(ruleset);
    const check = checkMove(rules, boardOf(s), hand, placed, () => true);
    expect(check.ok).toBe(true);
    await typeMove(a, hand, placed, false);
    expect(await a.textContent('#cw-location')).toBe('4D');
    expect(await a.textContent('#cw-dir')).toBe('Across →');
    expect(await a.textContent('#cw-preview-text')).toBe(`This move scores ${check.ok ? check.score.total : 0} points.`);
    expect(await a.getAttribute(`#cw-preview-words li[data-word="${word}"]`, 'data-word')).toBe(word);
    // backspace takes the last card back; typed again
    await a.keyboard.press('Backspace');
    expect(await a.locator('#cw-composing [data-composed]').count()).toBe(1);
    await a.keyboard.type(cardKeys(hand[pair![1]]!, undefined, hand.filter((_, k) => k !== pair![0])));
    expect(await a.locator('#cw-composing [data-composed]').count()).toBe(2);
    await shot(a, 'cardwords-ann-composing');
    await a.keyboard.press('Enter');
    await expect.poll(() => a.textContent('#cw-refusal')).toContain(`Refused: ${word} is not in the dictionary. You are the owner: approve it under “Words to approve”`);
    // Ann holds the owner link: the prompt comes to her page, focus on Approve; Enter approves
    await a.waitForSelector(`#cw-requests button[data-approve="${word}"]`);
    await shot(a, 'cardwords-owner-approve-prompt');
    expect(await a.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.approve)).toBe(word);
    // the question leaves the whole table in a 1280x720 window (the table fills the height
    // below the head: a tall question pushed its last rows out)
    await a.setViewportSize({ width: 1280, height: 720 });
    const box = (await a.locator('#cw-table').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    await a.setViewportSize({ width: 1300, height: 1000 });
    await a.keyboard.press('Enter');
    await expect.poll(() => a.textContent('#cw-log')).toContain(`You approved ${word}: you may play it again.`);
    approved.push(word);
    gctx = genContext(ruleset, approved);
    expect(await a.isHidden('#cw-requests')).toBe(true);
    // the composition stayed: Return plays it now
    expect(await a.evaluate(() => document.activeElement?.id)).toBe('cw-area');
    await submitAndWait(a, s.moves);
    await expect.poll(() => a.textContent('#cw-log')).toContain(`Ann laid ${word}`);
  });

  it('a watcher from the landing page sees the table and the scores, no hand', async () => {
    const w = watcher.page;
    await w.goto(`${srv.url}/`);
    await w.click(`a[data-watch="${gameId}"]`);
    await w.waitForSelector('#cw-table .has-card');
    expect(await w.locator('#cw-hand').count()).toBe(0);
    expect(await w.locator('#cw-area').count()).toBe(0);
    expect(await w.textContent('.cw-watching')).toMatch(/Zuschauer/);
    expect(await w.locator('#cw-table .has-card').count()).toBeGreaterThanOrEqual(2);
    expect(await w.textContent('#cw-scores')).toContain('Ann');
    const seen = await snap(w);
    expect(seen.hand).toEqual([]);
    // joining late, the watcher's log holds every turn so far (the server's `history`), Ann's approved word among them
    expect(seen.moves).toBeGreaterThanOrEqual(1);
    await expect.poll(() => w.locator('#cw-log li').count()).toBeGreaterThanOrEqual(seen.moves);
    expect(await w.textContent('#cw-log')).toContain(approved[0]!);
    await shot(w, 'cardwords-watcher-de-dark');
  });

  it('the whole game by keyboard against the robot, with a trade and a wildcard, to the results', async () => {
    const a = ann.page;
    let traded = 0;
    let wildPlayed = false;
    let hinted = false;
    let turned = false;
    let refusedLocally = false;
    for (let turnNo = 0; turnNo < 80; turnNo++) {
      const s = await myTurn(a);
      if (s.status === 'over') break;
      const hand = s.hand.map(toCard);
      const board = boardOf(s);
      const hasWild = hand.some((c) => c.char === null);
      const moves = sortMoves(generateMoves(gctx, board, hand));
      const wildMoves = moves.filter((m) => m.tiles.some((t) => t.card.char === null));
      // the hint: the robot's best move comes into the action selection area; Return plays it
      if (!hinted && moves.length > 0 && traded > 0 && wildPlayed) {
        hinted = true;
        await a.keyboard.press('?');
        await expect.poll(() => a.textContent('#cw-status')).toMatch(/The robot suggests/);
        const pv = await a.textContent('#cw-preview-text');
        expect(pv).toMatch(/This move scores|Return (trades|passes)/);
        await submitAndWait(a, s.moves);
        continue;
      }
      // a trade (the first turn after the approved move; then to fish for a wildcard)
      if (s.pile >= hand.length && (traded === 0 || (!wildPlayed && !hasWild && traded < 6))) {
        const give = hasWild ? hand.filter((c) => c.char !== null).slice(0, 2) : hand;
        await typeTrade(a, hand, give);
        expect(await a.textContent('#cw-location')).toMatch(/^\{.*\}$/);
        expect(await a.textContent('#cw-ok')).toBe(`Trade ${give.length} cards`);
        await submitAndWait(a, s.moves);
        traded++;
        await expect.poll(() => a.textContent('#cw-log')).toContain(`Ann traded ${give.length} cards`);
        continue;
      }
      if (!refusedLocally && moves.length > 0) {
        // a move that touches nothing: the preview explains it, and the server refuses it
        const free = board.cells.findIndex((c, i) => c === null && !ruleset.table.cells[i]!.blocked && ![i - 1, i + 1, i - 7, i + 7].some((k) => k >= 0 && k < 49 && board.cells[k] !== null));
        const card = hand.find((c) => c.char !== null);
        if (free >= 0 && card) {
          refusedLocally = true;
          await typeMove(a, hand, [{ col: free % 7, row: Math.floor(free / 7), card }], false);
          expect(await a.textContent('#cw-preview-problems')).toContain('the move touches no card on the table');
          await a.keyboard.press('Enter');
          await expect.poll(() => a.textContent('#cw-refusal')).toContain('Refused: the move breaks the rules: the move touches no card on the table');
        }
      }
      let placed: PlacedCard[] | null = null;
      let expected = 0;
      if (!wildPlayed && wildMoves.length > 0) {
        placed = tilesToPlaced(7, wildMoves[0]!);
        expected = wildMoves[0]!.score;
      } else {
        const choice = chooseAction(gctx, board, hand, s.pile, 'best', Rng.fromSeed(`t${turnNo}`));
        const action = choiceToAction(s.seat, 7, choice);
        if (action.type === 'move') {
          placed = [...action.cards];
          expected = choice.score;
        } else if (action.type === 'trade') {
          await typeTrade(a, hand, action.cards);
          await submitAndWait(a, s.moves);
          traded++;
          continue;
        } else {
          await a.keyboard.press('Escape');
          expect(await a.textContent('#cw-ok')).toBe('Pass');
          await submitAndWait(a, s.moves);
          continue;
        }
      }
      const multi = placed.length > 1;
      await typeMove(a, hand, placed, multi && !turned);
      if (multi) turned = true;
      expect(await a.textContent('#cw-preview-text')).toBe(`This move scores ${expected} points.`);
      await submitAndWait(a, s.moves);
      if (placed.some((p) => p.card.char === null)) {
        wildPlayed = true;
        const after = await snap(a);
        const w = placed.find((p) => p.card.char === null)!;
        expect(after.board.some((c) => c.col === w.col && c.row === w.row && c.char === '' && c.meaning === w.card.meaning)).toBe(true);
        await shot(a, 'cardwords-ann-wildcard');
      }
    }
    await a.waitForSelector('#cw-results:not([hidden])', { timeout: 20_000 });
    const s = await snap(a);
    expect(s.status).toBe('over');
    expect(traded).toBeGreaterThan(0);
    expect(wildPlayed).toBe(true);
    expect(hinted).toBe(true);
    expect(refusedLocally).toBe(true);
    for (const p of s.players) expect(await a.textContent(`#cw-results-table tr[data-player="${p.name}"] td[data-final]`)).toBe(String(p.score));
    // why it ended, in words (not a protocol code); the hand (and its heading) only while it holds cards
    expect(await a.textContent('#cw-end-reason')).toMatch(/^(The pile is empty and a player laid the last card|Every player passed or traded twice in a row)\.$/);
    expect(await a.isVisible('.cw-hand-title')).toBe(s.hand.length > 0);
    expect(await a.isVisible('#cw-hand')).toBe(s.hand.length > 0);
    await expect.poll(() => a.textContent('#cw-status')).toMatch(/The game is over/);
    // "you win" only for a winner (the results come best first, not by seat)
    const annWon = s.players[0]!.score >= Math.max(...s.players.map((p) => p.score));
    expect(((await a.textContent('#cw-status')) ?? '').includes('you win')).toBe(annWon);
    await shot(a, 'cardwords-ann-results');
    // the review: Ann's first turn with what the best robot would have done there (never
    // less than her score); the robot's turns carry none; the watcher sees the same
    await a.click('#cw-review-first');
    expect(await a.textContent('#cw-review-text')).toMatch(/^Ann laid/);
    const annScore = Number(/: (-?\d+) points?/.exec((await a.textContent('#cw-review-text'))!)![1]);
    await a.waitForSelector('#cw-review-best');
    expect(Number(await a.getAttribute('#cw-review-best', 'data-score'))).toBeGreaterThanOrEqual(annScore);
    await a.keyboard.press(']');
    expect(await a.textContent('#cw-review-text')).toMatch(/^Robot1 /);
    expect(await a.locator('#cw-review-best').count()).toBe(0);
    await shot(a, 'cardwords-ann-review');
    await a.keyboard.press('Escape');
    // the watcher sees the results too
    await watcher.page.waitForSelector('#cw-results:not([hidden])');
    await shot(watcher.page, 'cardwords-watcher-results');
    await watcher.page.click('#cw-review-first');
    expect(await watcher.page.textContent('#cw-review-text')).toMatch(/^Ann /);
    await watcher.page.waitForSelector('#cw-review-best');
    expect(Number(await watcher.page.getAttribute('#cw-review-best', 'data-score'))).toBeGreaterThanOrEqual(annScore);
    // the owner's rematch starts a new game at once
    await a.click('#cw-rematch');
    await expect.poll(async () => (await snap(a)).status).toBe('playing');
    await expect.poll(() => a.textContent('#cw-log')).toContain('Rematch: game 2 begins.');
    expect(await a.locator('#cw-table .has-card').count()).toBe(0);
    expect(ann.errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
  });

  it('composes by mouse in the rematch: click a cell and hand cards, drag and drop, take a card back, a wildcard\'s meaning', async () => {
    const a = ann.page;
    const s = await myTurn(a);
    expect(s.status).toBe('playing');
    await a.keyboard.press('Escape');
    await a.click('#cw-cell-3-3');
    // the direction stays what it was: the shared coordinate first
    expect(await a.textContent('#cw-location')).toMatch(/^\{(4D|D4)\}$/);
    // the rematch is dealt at random (docs/server.md): a hand of wildcards only (1 deal in 300)
    // lays a wildcard as T where the others lay a natural card
    const natural = s.hand.findIndex((c) => c.char !== '');
    const plain = natural >= 0 ? natural : 0;
    const meaningIfWild = async (i: number) => {
      if (s.hand[i]!.char !== '') return;
      await a.waitForSelector('#cw-meanings:not([hidden])');
      await a.click('#cw-meanings [data-meaning="T"]');
    };
    await a.click(`#cw-hand [data-index="${plain}"]`);
    await meaningIfWild(plain);
    expect(await a.locator('#cw-composing [data-composed]').count()).toBe(1);
    expect(await a.textContent('#cw-location')).toMatch(/^(4D|D4)$/);
    expect(await a.getAttribute('#cw-cell-3-3', 'class')).toContain('composed');
    // a click on the composed card takes it back
    await a.click('#cw-composing [data-composed="0"]');
    expect(await a.locator('#cw-composing [data-composed]').count()).toBe(0);
    // drag a hand card onto the start cell: it becomes the location and the card is composed
    await a.keyboard.press('Escape');
    await a.dragAndDrop(`#cw-hand [data-index="${plain}"]`, '#cw-cell-3-3');
    await meaningIfWild(plain);
    expect(await a.locator('#cw-composing [data-composed]').count()).toBe(1);
    expect(await a.getAttribute('#cw-cell-3-3', 'class')).toContain('composed');
    // typing goes on in the action area, as after a click (the focus stayed on the card
    // dragged, and Return clicked it again instead of playing the move)
    await expect.poll(() => a.evaluate(() => document.activeElement?.id)).toBe('cw-area');
    // a wildcard clicked asks for its meaning (buttons, or a key)
    const wild = s.hand.findIndex((c, i) => c.char === '' && i !== plain);
    if (wild >= 0) {
      await a.click(`#cw-hand [data-index="${wild}"]`);
      await a.waitForSelector('#cw-meanings:not([hidden])');
      await a.click('#cw-meanings [data-meaning="T"]');
      expect(await a.locator('#cw-composing [data-composed]').count()).toBe(2);
      expect(await a.locator('#cw-table .composed').count()).toBe(2);
    }
    expect(await a.textContent('#cw-preview')).toMatch(/This move (scores|would be refused)/);
    await shot(a, 'cardwords-ann-mouse');
    await a.keyboard.press('Escape');
    expect(ann.errors).toEqual([]);
  });

  it('the creation form takes its defaults from the page parameters (the extension passes its settings so)', async () => {
    const p = await openPage(browser);
    try {
      await p.page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&humans=2&robots=3&watchers=0&name=Zed&grace=never`);
      await p.page.waitForSelector('#cw-create-humans');
      expect(await p.page.inputValue('#cw-create-humans')).toBe('2');
      expect(await p.page.inputValue('#cw-create-robots')).toBe('3');
      expect(await p.page.inputValue('#cw-create-watchers')).toBe('0');
      expect(await p.page.inputValue('#cw-create-name')).toBe('Zed');
      // when a robot plays for a player who drops out (the room's grace): its choices, worded
      expect(await p.page.inputValue('#cw-create-grace')).toBe('never');
      expect(await p.page.locator('#cw-create-grace option').allTextContents()).toEqual(['at once', 'after 30 seconds', 'after 1 minute', 'after 5 minutes', 'never: the game waits']);
      // out of range: the form's own default
      await p.page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&humans=99&robots=-1&grace=7`);
      await p.page.waitForSelector('#cw-create-humans');
      expect(await p.page.inputValue('#cw-create-humans')).toBe('1');
      expect(await p.page.inputValue('#cw-create-robots')).toBe('1');
      expect(await p.page.inputValue('#cw-create-grace')).toBe('60');
      // the card size (VS Code's cardwords.cardSize): table cells and hand cards that size
      await p.page.goto(`${srv.url}/cardwords.html?owner=${srv.ownerToken}&humans=1&robots=1&watchers=0&name=Zed&cardSize=20`);
      await p.page.waitForSelector('#cw-create-ruleset option[value="tiny"]', { state: 'attached' });
      // the grace chosen reaches the room
      await p.page.selectOption('#cw-create-grace', '300');
      await p.page.click('#cw-create-button');
      await p.page.waitForSelector('.cw-hand .cw-card');
      expect((await snap(p.page)).grace).toBe(300_000);
      const cell = (await p.page.locator('.cw-cell').first().boundingBox())!;
      const card = (await p.page.locator('.cw-hand .cw-card').first().boundingBox())!;
      expect(cell.width).toBeGreaterThan(18);
      expect(cell.width).toBeLessThan(22);
      expect(card.width).toBeCloseTo(20, 0);
      expect(p.errors).toEqual([]);
    } finally {
      await p.context.close();
    }
  });

  it('serves the page and bundle from the allow-list; lists the rulesets', async () => {
    for (const path of ['/cardwords.html', '/web/cardwords.js']) expect((await fetch(srv.url + path)).status, path).toBe(200);
    expect((await fetch(`${srv.url}/web/cardwords.js.map`)).status).toBe(404);
    expect(await (await fetch(`${srv.url}/cardwords/rulesets`)).json()).toEqual({ rulesets: ['tiny'] });
  });
});
