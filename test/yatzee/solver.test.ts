// The optimal strategy: the full solve (a few seconds on worker threads) is done once here
// and shared by the solver, robot, cache and CLI tests of this file.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, newGame, type YatzeeState } from '../../core/games/yatzee/engine.js';
import { CATEGORIES, emptyScores, score, totals } from '../../core/games/yatzee/rules.js';
import { Rng } from '../../core/random.js';
import { KEEPS, ROLL0, ROLLS, ROLL_PROB, keepDice, keepId } from '../../core/robots/yatzee/dice.js';
import { OptimalRobot, playSolitaire, simulate } from '../../core/robots/yatzee/robot.js';
import { FULL_MASK, REACH, UPS, analyzeRound, categoryValues, newScratch, sheetState, solveState, startValue } from '../../core/robots/yatzee/solver.js';
import { cacheDir } from '../../server/cache-dir.js';
import { cacheFile, decodeTable, encodeTable, loadTable, saveTable } from '../../server/yatzee/cache.js';
import { solveParallel } from '../../server/yatzee/parallel.js';
import { getTable } from '../../server/yatzee/table.js';
import { command } from '../../server/cli/commands/yatzee.js';
import { UsageError, type CliIO } from '../../server/cli/io.js';

let table: Float64Array;
let robot: OptimalRobot;
let tmp: string;

beforeAll(async () => {
  table = await solveParallel({ threads: 2 });
  // the run's Yatzee servers read the table from the suites' cache (vitest.config.ts's
  // CARDWORDS_CACHE_DIR), where the first of them solved it again (2.4 CPU-s, once per
  // server that started before it was written); solved here first (the unit files run first)
  if (!loadTable()) saveTable(table);
  robot = new OptimalRobot(table);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cw-yatzee-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const maskOf = (...cats: (typeof CATEGORIES)[number][]): number => cats.reduce((m, c) => m | (1 << CATEGORIES.indexOf(c)), 0);
const allBut = (c: (typeof CATEGORIES)[number]): number => FULL_MASK & ~maskOf(c);

describe('dice tables', () => {
  it('has 462 keeps, 252 rolls whose probabilities sum to 1', () => {
    expect(KEEPS).toBe(462);
    expect(ROLLS).toBe(252);
    expect(ROLL_PROB.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(ROLL_PROB[keepId([6, 6, 6, 6, 6]) - ROLL0]).toBeCloseTo(1 / 7776, 15);
    expect(ROLL_PROB[keepId([1, 2, 3, 4, 5]) - ROLL0]).toBeCloseTo(120 / 7776, 15);
    expect(keepDice(keepId([5, 2, 2]))).toEqual([2, 2, 5]);
  });
});

describe('optimal solitaire strategy', () => {
  it('expects 248.44 from the start (docs/rules.md#yatzee-optimal-score: three solvers agree)', () => {
    expect(Math.abs(startValue(table) - 248.44)).toBeLessThan(0.01);
  });

  it('matches closed forms for one open category', () => {
    // Only Yatzee open: P(five alike in three throws, keeping the most common face) = 0.0460286.
    expect(table[allBut('yatzee') * UPS]! / 50).toBeCloseTo(0.0460286, 6);
    // Only Chance open: each die is kept when above the mean of its remaining throws:
    // 3.5, then (4+5+6)/6 + 3/6 * 3.5 = 4.25, then (5+6)/6 + 4/6 * 4.25 = 14/3; five dice.
    expect(table[allBut('chance') * UPS]!).toBeCloseTo(70 / 3, 9);
    // Only Sixes open: keep sixes; each die shows a six with p = 1 - (5/6)^3.
    const p = 1 - (5 / 6) ** 3;
    const sixesOnly = allBut('sixes');
    expect(table[sixesOnly * UPS + 0]!).toBeCloseTo(30 * p, 9); // bonus out of reach
    expect(table[sixesOnly * UPS + 63]!).toBeCloseTo(30 * p, 9); // bonus already earned
    // At 57 one six earns the bonus: P(at least one six among 5 dice over 3 throws).
    expect(table[sixesOnly * UPS + 57]!).toBeCloseTo(30 * p + 50 * (1 - (5 / 6) ** 15), 9);
  });

  it('the worker table, the one-state solver and the robot analysis agree to the bit (SIMD and scalar loops add in the same order)', () => {
    const rng = new Rng([1, 2, 3, 4]);
    const s = newScratch();
    let checked = 0;
    while (checked < 40) {
      const mask = rng.int(FULL_MASK);
      const up = rng.int(UPS);
      if (!REACH[(mask & 63) * UPS + up]) continue;
      const v = table[mask * UPS + up]!;
      expect(solveState(table, mask, up, s)).toBe(v);
      expect(analyzeRound(table, mask, up).value).toBe(v);
      checked++;
    }
  });

  it('values per category: the best equals the final-roll value', () => {
    const scores = emptyScores();
    const dice = [6, 6, 6, 2, 2];
    const vals = categoryValues(table, 0, 0, dice);
    expect(vals).toHaveLength(15);
    const a = analyzeRound(table, 0, 0);
    expect(vals[0]!.value).toBeCloseTo(a.final[keepId(dice) - ROLL0]!, 9);
    for (const v of vals) expect(v.points).toBe(score(v.category, dice));
    expect(robot.categoryValues(scores, dice)).toEqual(vals);
    expect(robot.expectedFinal(scores)).toBeCloseTo(248.44, 2);
  });
});

describe('the optimal robot', () => {
  it('keeps five alike and transfers it to Yatzee after throw 1', () => {
    const d = robot.decide(emptyScores(), [4, 4, 4, 4, 4], 1);
    expect(d).toMatchObject({ kind: 'transfer', category: 'yatzee' });
  });

  it('holds the dice of its best option, which is never worse than any other option', () => {
    const dice = [1, 3, 6, 6, 2];
    const opts = robot.keepOptions(emptyScores(), dice, 1);
    const d = robot.decide(emptyScores(), dice, 1);
    expect(d.kind).toBe('throw');
    expect(d.kind === 'throw' && d.held).toEqual(opts[0]!.held);
    expect(opts[0]!.keep).toContain(6);
    for (const o of opts) expect(o.value).toBeLessThanOrEqual(opts[0]!.value);
    expect(new Set(opts.map((o) => o.keep.join(''))).size).toBe(opts.length);
  });

  it('after throw 3 it always transfers', () => {
    expect(robot.decide(emptyScores(), [1, 2, 3, 4, 6], 3).kind).toBe('transfer');
  });

  it('plays through the engine exactly the game of the fast simulation', () => {
    for (const seed of ['a', 'b', 'c']) {
      const fast = playSolitaire(robot, new Rng(newGame(seed).rng));
      let g: YatzeeState = newGame(seed);
      const j = apply(g, { type: 'join', name: 'Robot1' });
      g = j.state!;
      for (let guard = 0; guard < 200; guard++) {
        const acts = robot.nextActions(g, 'Robot1');
        if (acts.length === 0) break;
        for (const a of acts) {
          const r = apply(g, a);
          expect(r.error).toBeUndefined();
          g = r.state!;
        }
      }
      expect(g.players[0]!.scores).toEqual(fast.scores);
      expect(totals(g.players[0]!.scores).total).toBe(fast.total);
    }
  });

  it('averages close to 248.44 over 400 games', () => {
    const s = simulate(robot, 400, 'test');
    expect(s.games).toBe(400);
    expect(Math.abs(s.mean - 248.44)).toBeLessThan(4 * (38.6 / Math.sqrt(400)));
    expect(s.sd).toBeGreaterThan(30);
    expect(s.sd).toBeLessThan(47);
    expect(s.bonusRate).toBeGreaterThan(0.8);
    expect(s.min).toBeLessThanOrEqual(s.mean);
    expect(s.max).toBeGreaterThanOrEqual(s.mean);
    expect(simulate(robot, 5, 'x')).toEqual(simulate(robot, 5, 'x'));
  });

  it('keeps state positions for the sheet state', () => {
    const sc = emptyScores();
    sc[0] = 3;
    sc[5] = 30;
    sc[14] = 50;
    sc[4] = 25;
    expect(sheetState(sc)).toEqual({ mask: 1 | 32 | 16 | (1 << 14), up: 58 });
    sc[3] = 20;
    expect(sheetState(sc).up).toBe(63);
  });
});

describe('disk cache', () => {
  it('round-trips and refuses damaged, foreign or stale files', () => {
    const bytes = encodeTable(table);
    const back = decodeTable(bytes);
    expect('table' in back && back.table[0]).toBe(table[0]);
    const flip = bytes.slice();
    flip[1000] = flip[1000]! ^ 1;
    expect(decodeTable(flip)).toEqual({ reason: 'checksum mismatch' });
    const ver = bytes.slice();
    ver[4] = 99;
    expect(decodeTable(ver)).toMatchObject({ reason: expect.stringContaining('format version') });
    expect(decodeTable(bytes.slice(0, 100))).toMatchObject({ reason: expect.stringContaining('size') });
  });

  it('saves atomically (no temporary file left) and loads', () => {
    const file = path.join(tmp, 'nested', 't.bin');
    saveTable(table, file);
    expect(readdirSync(path.dirname(file))).toEqual(['t.bin']);
    expect(loadTable(file)![0]).toBe(table[0]);
    writeFileSync(file, 'garbage');
    const why: string[] = [];
    expect(loadTable(file, (r) => why.push(r))).toBeNull();
    expect(why[0]).toMatch(/size/);
  });

  it('finds its folder from CARDWORDS_CACHE_DIR, XDG_CACHE_HOME or the home folder', () => {
    expect(cacheDir({ CARDWORDS_CACHE_DIR: '/x/y' })).toBe('/x/y');
    expect(cacheDir({ XDG_CACHE_HOME: '/c' })).toBe(path.join('/c', 'cardwords'));
    expect(cacheDir({})).toBe(path.join(os.homedir(), '.cache', 'cardwords'));
    expect(cacheFile({ CARDWORDS_CACHE_DIR: '/x' })).toMatch(/^\/x\/yatzee-optimal-v\d+\.bin$/);
  });

  it('getTable loads a valid cache instead of solving', async () => {
    const file = path.join(tmp, 'g.bin');
    saveTable(table, file);
    const r = await getTable({ file });
    expect(r.source).toBe('cache');
    expect(r.table[0]).toBe(table[0]);
  });
});

describe('cardwords yatzee', () => {
  function io(): CliIO & { stdout: string; stderr: string } {
    const o = { stdout: '', stderr: '', isTTY: false, out: (t: string) => void (o.stdout += t), err: (t: string) => void (o.stderr += t), readStdin: async () => new Uint8Array() };
    return o;
  }
  const withCache = async <T>(fn: () => Promise<T>): Promise<T> => {
    const old = process.env.CARDWORDS_CACHE_DIR;
    process.env.CARDWORDS_CACHE_DIR = path.join(tmp, 'cli');
    try {
      return await fn();
    } finally {
      if (old === undefined) delete process.env.CARDWORDS_CACHE_DIR;
      else process.env.CARDWORDS_CACHE_DIR = old;
    }
  };

  it('solve prints the expected score, from the cache', async () => {
    await withCache(async () => {
      saveTable(table, cacheFile());
      const o = io();
      expect(await command.run(['solve'], o)).toBe(0);
      expect(o.stdout).toMatch(/Expected score of the optimal strategy: 248\.44\d\d/);
      expect(o.stdout).toMatch(/loaded from .* in \d+ ms/);
      const j = io();
      expect(await command.run(['solve', '--json'], j)).toBe(0);
      expect(JSON.parse(j.stdout)).toMatchObject({ source: 'cache' });
      expect(JSON.parse(j.stdout).expected).toBeCloseTo(248.44, 2);
    });
  });

  it('simulate prints mean, sd, bonus rate, min and max; --json is deterministic per seed', async () => {
    await withCache(async () => {
      saveTable(table, cacheFile());
      const o = io();
      expect(await command.run(['simulate', '--games', '50', '--seed', '9'], o)).toBe(0);
      expect(o.stdout).toMatch(/Mean: +\d+\.\d\d/);
      expect(o.stdout).toMatch(/Std dev: +\d+\.\d\d/);
      expect(o.stdout).toMatch(/Bonus: +\d+\.\d %/);
      expect(o.stdout).toMatch(/Min \/ max: +\d+ \/ \d+/);
      const a = io();
      const b = io();
      await command.run(['simulate', '--games=30', '--seed=s', '--json'], a);
      await command.run(['simulate', '--games', '30', '--seed', 's', '--json'], b);
      const ja = JSON.parse(a.stdout);
      const jb = JSON.parse(b.stdout);
      expect(ja.games).toBe(30);
      expect({ ...ja, ms: 0 }).toEqual({ ...jb, ms: 0 });
      expect(ja).toMatchObject(simulate(robot, 30, 's'));
    });
  });

  it('usage errors throw UsageError', async () => {
    for (const argv of [[], ['play'], ['simulate', '--games', '0'], ['simulate', '--games', 'x'], ['simulate', '--seed'], ['solve', '--frob'], ['solve', '--games', '3']]) {
      await expect(command.run(argv, io()), argv.join(' ')).rejects.toBeInstanceOf(UsageError);
    }
    expect(command.help).toMatch(/cardwords yatzee <solve\|simulate>/);
  });

  it('a damaged cache file is solved again and replaced', async () => {
    const file = path.join(tmp, 'bad.bin');
    writeFileSync(file, 'x');
    expect(readFileSync(file).length).toBe(1);
    let solves = 0;
    const r = await getTable({ file, solve: async () => (solves++, table) });
    expect(r.source).toBe('solved');
    expect(solves).toBe(1);
    expect(loadTable(file)![0]).toBe(table[0]);
    expect((await getTable({ file, solve: async () => (solves++, table) })).source).toBe('cache');
    expect(solves).toBe(1);
    await getTable({ file, noCache: true, solve: async () => (solves++, table) });
    expect(solves).toBe(2);
  });
});
