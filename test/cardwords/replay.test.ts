// Whole games played by robots: game invariants after every action, and the record (seed
// plus actions) replays to the identical state, also through its text notation.
import { describe, expect, it } from 'vitest';
import { recordOf, replay, type CardwordsRecord } from '../../core/games/cardwords/engine.js';
import { formatRecord, parseRecord } from '../../core/games/cardwords/notation.js';
import type { RobotLevel } from '../../core/robots/cardwords/robot.js';
import { allCards, cardMultiset, robotGame, sample, smallRules } from './games.js';

const LEVELS: RobotLevel[] = ['best', 'good', 'casual'];

describe('robot games on samples/tiny', () => {
  it('keep every card, hand sizes and scores consistent after every action, and end', async () => {
    const tiny = await sample('samples/tiny');
    const deck = cardMultiset(tiny.rules.deck);
    let outs = 0;
    let idles = 0;
    for (let seed = 0; seed < 40; seed++) {
      const players = 1 + (seed % 4);
      const levels = Array.from({ length: players }, (_, i) => LEVELS[(seed + i) % 3]!);
      const { states, final } = robotGame(tiny, `tiny-${seed}`, levels, true);
      let prev = states[0]!;
      const turnScores = new Array<number>(players).fill(0);
      for (const s of states.slice(1)) {
        expect(cardMultiset(allCards(s))).toEqual(deck);
        for (const p of s.players) expect(p.hand.length).toBeLessThanOrEqual(tiny.rules.handSize);
        expect(s.pile.length).toBeLessThanOrEqual(prev.pile.length);
        const last = s.last!;
        turnScores[last.player]! += last.score;
        if (last.type === 'move') {
          // the hand is refilled from the pile as far as it goes
          expect(last.drawn).toBe(Math.min(last.laid.length, prev.pile.length));
          expect(s.players[last.player]!.hand.length).toBe(prev.players[last.player]!.hand.length - last.laid.length + last.drawn);
        } else expect(s.players[last.player]!.hand.length).toBe(prev.players[last.player]!.hand.length);
        prev = s;
      }
      expect(final.over).toBe(true);
      const end = final.end!;
      if (end.reason === 'out') {
        outs++;
        expect(final.pile.length).toBe(0);
        expect(final.players[end.out!]!.hand.length).toBe(0);
      } else {
        idles++;
        expect(final.idle).toBe(2 * players);
      }
      // final score = the sum of the turn scores + the end adjustment
      final.players.forEach((p, i) => expect(p.score).toBe(turnScores[i]! + end.adjustments[i]!));
      expect(end.adjustments.reduce((a, b) => a + b, 0)).toBe(end.out === null ? -end.handPoints.reduce((a, b) => a + b, 0) : 0);
    }
    expect(outs).toBeGreaterThan(0);
    expect(idles).toBeGreaterThan(0);
  });

  it('replay the record, and its text, to the identical state', async () => {
    const tiny = await sample('samples/tiny');
    for (let seed = 0; seed < 30; seed++) {
      const levels = Array.from({ length: 2 + (seed % 3) }, (_, i) => LEVELS[(seed + i) % 3]!);
      const { final } = robotGame(tiny, `replay-${seed}`, levels);
      const record = recordOf(final);
      const again = replay(tiny.rules, record, tiny.store);
      expect(again.ok).toBe(true);
      if (again.ok) expect(again.state).toEqual(final);
      const text = formatRecord(record, record.actions.map((_, i) => `action ${i + 1}`));
      const parsed = parseRecord(text, tiny.rules.canonical);
      expect(parsed).toEqual(JSON.parse(JSON.stringify(record)));
      expect(formatRecord(parsed)).toBe(formatRecord(record));
      const fromText = replay(tiny.rules, parsed);
      expect(fromText.ok && fromText.state).toEqual(final);
      // the same seeds and robots play the same game
      expect(robotGame(tiny, `replay-${seed}`, levels).final).toEqual(final);
    }
  });

  it('refuses a record of another ruleset, and names the first bad action', async () => {
    const tiny = await sample('samples/tiny');
    const { final } = robotGame(tiny, 'tamper', ['best', 'best']);
    const record = recordOf(final);
    const other = replay(smallRules(), record);
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.code).toBe('ruleset-mismatch');
    const bad: CardwordsRecord = { ...record, actions: [record.actions[0]!, record.actions[0]!, ...record.actions.slice(2)] };
    const r = replay(tiny.rules, bad);
    expect(r.ok).toBe(false);
    if (!r.ok && 'actionIndex' in r.error) {
      expect(r.error.actionIndex).toBe(1);
      expect(r.error.code).toBe('not-your-turn');
      expect(r.error.message).toMatch(/^action 2: /);
    } else throw new Error('expected an action error');
  });
});

describe('robot games on the English sample', () => {
  it('replay to the identical state and scores', async () => {
    const english = await sample('samples/english');
    for (const seed of [1, 2]) {
      const { final } = robotGame(english, `english-${seed}`, ['best', 'good']);
      expect(final.actions.filter((a) => a.type === 'move').length).toBeGreaterThan(5);
      const text = formatRecord(recordOf(final));
      const r = replay(english.rules, parseRecord(text, english.rules.canonical), english.store);
      expect(r.ok && r.state).toEqual(final);
      expect(r.ok && r.state.players.map((p) => p.score)).toEqual(final.players.map((p) => p.score));
    }
  });
});

describe('the record in docs/cardwords.md', () => {
  it('replays on samples/tiny to the scores it shows', async () => {
    const { readFileSync } = await import('node:fs');
    const tiny = await sample('samples/tiny');
    const doc = readFileSync('docs/cardwords.md', 'utf8');
    const text = /```\n(cardwords-record 1\n[\s\S]*?)```/.exec(doc)![1]!;
    const record = parseRecord(text, tiny.rules.canonical);
    expect(record.ruleset).toEqual(tiny.rules.ruleset);
    const r = replay(tiny.rules, record, tiny.store);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.players.map((p) => p.score)).toEqual([27, 22]);
    expect(r.state.end).toMatchObject({ reason: 'out', out: 1, adjustments: [-2, 2] });
    expect(formatRecord(record)).toBe(text.split('\n').filter((l) => !l.startsWith('#')).join('\n'));
  });
});
