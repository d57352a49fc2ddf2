// Helpers for engine tests: sample rulesets, small in-test rules, robot-played games.
import { expect } from 'vitest';
import { apply, newGame, type CardwordsAction, type CardwordsState } from '../../core/games/cardwords/engine.js';
import { makeRules, rulesFromRuleset, type CardwordsRules } from '../../core/games/cardwords/setup.js';
import type { Card } from '../../core/games/cardwords/types.js';
import { viewOf } from '../../core/games/cardwords/view.js';
import { Rng } from '../../core/random.js';
import { robotAction, type RobotLevel } from '../../core/robots/cardwords/robot.js';
import type { Ruleset } from '../../core/ruleset/types.js';
import { WordStore } from '../../core/words/store.js';
import { loadRulesetDir } from '../../server/ruleset/fs.js';
import { loadWordStore, rulesetChars } from '../../server/words/cache.js';
import { bonusMap, makeTable, type TableSpec } from './fixtures.js';

export interface Loaded {
  ruleset: Ruleset;
  rules: CardwordsRules;
  store: WordStore;
}

const parsed = new Map<string, Promise<{ ruleset: Ruleset; rules: CardwordsRules }>>();
const loaded = new Map<string, Promise<Loaded>>();

/**
 * A sample ruleset folder's ruleset and rules, parsed once per worker process and shared by
 * its files (vitest.config.ts: the unit files share a worker one after another): parsing the
 * English one took 180 ms, a dozen files ask for it. Deep-frozen, so that a test or the code
 * it runs that changed them would throw rather than change what the next file sees.
 */
function parsedSample(dir: string): Promise<{ ruleset: Ruleset; rules: CardwordsRules }> {
  let p = parsed.get(dir);
  if (!p) {
    p = (async () => {
      const { ruleset, diagnostics } = await loadRulesetDir(dir);
      if (!ruleset) throw new Error(`${dir}: ${diagnostics.map((d) => d.message).join('; ')}`);
      return deepFreeze({ ruleset, rules: rulesFromRuleset(ruleset) });
    })();
    parsed.set(dir, p);
  }
  return p;
}

/**
 * A sample ruleset folder with its rules and word store; the store once per test file: a
 * test may add words to it, so each file has its own. The graph comes from the run's graph
 * cache as the server's does (server/words/cache.ts): the English one is built by the first
 * file that asks and read in 30 ms by the others (a build takes 1 to 2 s; twelve files ask).
 */
export function sample(dir: string): Promise<Loaded> {
  const key = `${expect.getState().testPath ?? ''}\0${dir}`;
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      const { ruleset, rules } = await parsedSample(dir);
      const { store } = await loadWordStore(rulesetChars(ruleset), ruleset.words);
      return { ruleset, rules, store };
    })();
    loaded.set(key, p);
  }
  return p;
}

/** Small rules built in the test: the table spec, hand size N and bonus function, a deck. */
export function smallRules(opts: { table?: TableSpec; handSize?: number; bonus?: (k: number) => number; deck?: Card[]; chars?: string[] } = {}): CardwordsRules {
  const chars = opts.chars ?? ['A', 'B', 'E', 'S', 'T'];
  const handSize = opts.handSize ?? 2;
  return makeRules({
    name: 'small',
    chars,
    deck: opts.deck ?? chars.flatMap((c, i): Card[] => [{ char: c, points: i + 1 }, { char: c, points: i + 1 }]).concat([{ char: null, points: 0 }]),
    table: makeTable(opts.table ?? { width: 5, height: 5, touchColumn: 2, touchRow: 2 }),
    bonus: bonusMap(handSize, opts.bonus ?? ((k) => (k < 0 ? k - 1 : k === 0 ? -1 : k === handSize ? 4 : 0))),
    handSize,
  });
}

/** A state with the given hands and pile in place of the dealt ones (states are plain data). */
export function withCards(state: CardwordsState, hands: Card[][], pile: Card[]): CardwordsState {
  return { ...state, players: state.players.map((p, i) => ({ ...p, hand: hands[i] ?? [] })), pile };
}

export function start(rules: CardwordsRules, players: string[], seed: string | number = 1): CardwordsState {
  const g = newGame(rules, { seed, players });
  if (!g.ok) throw new Error(g.error.message);
  return g.state;
}

export function must(rules: CardwordsRules, state: CardwordsState, action: CardwordsAction | unknown, words: WordStore | ((w: string) => boolean)): CardwordsState {
  const r = apply(rules, state, action, words);
  if (!r.ok) throw new Error(`refused: ${r.error.code}: ${r.error.message}`);
  return r.state;
}

export function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

export interface PlayedGame {
  states: CardwordsState[];
  final: CardwordsState;
}

/**
 * Robots play a whole game, each seat at its level, from each seat's view only. Every
 * state is deep-frozen, so any mutation by the engine throws.
 */
export function robotGame(loadedRules: { rules: CardwordsRules; store: WordStore }, seed: string | number, levels: readonly RobotLevel[], keepStates = false): PlayedGame {
  const { rules, store } = loadedRules;
  let s = deepFreeze(start(rules, levels.map((_, i) => `Robot${i + 1}`), seed));
  const rng = Rng.fromSeed(`robots/${seed}`);
  const ctx = { table: rules.table, bonus: rules.bonus, store };
  const states: CardwordsState[] = keepStates ? [s] : [];
  for (let turn = 0; !s.over; turn++) {
    if (turn > 10_000) throw new Error('the game does not end');
    const action = robotAction(ctx, viewOf(s, s.turn), levels[s.turn]!, rng);
    const r = apply(rules, s, action, store);
    if (!r.ok) throw new Error(`seed ${seed}: the robot's action was refused: ${r.error.message}`);
    s = deepFreeze(r.state);
    if (keepStates) states.push(s);
  }
  return { states, final: s };
}

/** The multiset of cards (wildcards without their meaning), as sorted keys. */
export function cardMultiset(cards: ReadonlyArray<Card>): string[] {
  return cards.map((c) => `${c.char ?? '*'}${c.points}`).sort();
}

/** Every card of a state: hands, pile and table. */
export function allCards(s: CardwordsState): Card[] {
  return [...s.players.flatMap((p) => p.hand), ...s.pile, ...s.board.cells.filter((c): c is Card => c !== null)];
}
