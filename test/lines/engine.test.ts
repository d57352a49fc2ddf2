import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPTIONS,
  OPTION_LIMITS,
  apply,
  findPath,
  isHighScoreEligible,
  linesThrough,
  newGame,
  optionsWarning,
  overReason,
  removalPoints,
  replay,
  validateOptions,
  hint,
  type LinesAction,
  type LinesOptions,
  type LinesState,
} from '../../core/games/lines/index.js';
import { optionsWarningText, overReasonText } from '../../media/lines/texts.js';
import { translator } from '../../media/ui/l10n/index.js';

/** A state with a hand-made board: rows of '.' (empty) and colour digits. */
function position(rows: string[], options: Partial<LinesOptions> = {}, extra: Partial<LinesState> = {}): LinesState {
  const g = newGame('fixture', { ...options, width: rows[0]!.length, height: rows.length });
  if (!g.ok) throw new Error(g.error.message);
  const board = rows.join('').split('').map((ch) => (ch === '.' ? 0 : Number(ch)));
  return { ...g.value, board, ...extra };
}

function rowsOf(s: LinesState): string[] {
  const w = s.options.width;
  const out: string[] = [];
  for (let y = 0; y < s.options.height; y++) out.push(s.board.slice(y * w, y * w + w).map((v) => (v ? String(v) : '.')).join(''));
  return out;
}

function mustApply(s: LinesState, a: LinesAction): LinesState {
  const r = apply(s, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

const at = (s: LinesState, x: number, y: number) => y * s.options.width + x;
const chips = (s: LinesState) => s.board.filter((v) => v !== 0).length;

/** The parts of a state that define the game (the undo chain aside). */
function essence(s: LinesState) {
  const { prev: _prev, last: _last, ...rest } = s;
  return rest;
}

describe('Lines options', () => {
  it('defaults are the original 9x9, 5 colours, line 5, 3 and 3 chips, no preview', () => {
    const v = validateOptions();
    expect(v.ok && v.value).toEqual({ width: 9, height: 9, colors: 5, minLine: 5, throwCount: 3, firstThrow: 3, preview: false });
  });

  it.each([
    [{ minLine: 1 }, 'minLine'],
    [{ firstThrow: 0 }, 'firstThrow'],
    [{ throwCount: -1 }, 'throwCount'],
    [{ width: 0 }, 'width'],
    [{ colors: 0 }, 'colors'],
    [{ height: 2.5 }, 'height'],
    [{ width: 3, height: 3, firstThrow: 10 }, 'firstThrow'],
    [{ width: 3, height: 3, throwCount: 10 }, 'throwCount'],
  ] as [Partial<LinesOptions>, keyof LinesOptions][])('refuses %j', (opts, option) => {
    const v = validateOptions(opts);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error.code).toBe('bad-option');
      expect(v.error.option).toBe(option);
    }
    expect(newGame(1, opts).ok).toBe(false);
  });

  it('says what is wrong with a refused option for clients that word it themselves, with the limits of OPTION_LIMITS', () => {
    const problem = (o: Partial<LinesOptions>) => {
      const v = validateOptions(o);
      return v.ok ? null : { message: v.error.message, problem: v.error.problem };
    };
    expect(problem({ minLine: 1 })).toEqual({ message: '-i (minLine) must be between 2 and 99, got 1', problem: { kind: 'out-of-range', min: OPTION_LIMITS.minLine.min, max: OPTION_LIMITS.minLine.max, value: 1 } });
    expect(problem({ height: 2.5 })).toEqual({ message: '-t (height) must be an integer, got 2.5', problem: { kind: 'not-integer', value: '2.5' } });
    expect(problem({ width: 3, height: 3, throwCount: 10 })).toEqual({ message: '-n (throwCount) 10 does not fit a board of 9 cells', problem: { kind: 'too-many-chips', value: 10, cells: 9 } });
    expect(problem({ width: 3, height: 3, firstThrow: 10 })?.problem).toEqual({ kind: 'too-many-chips', value: 10, cells: 9 });
  });

  it('accepts the limits themselves: -i 2, -n 0, -N 1', () => {
    expect(validateOptions({ minLine: 2, throwCount: 0, firstThrow: 1 }).ok).toBe(true);
  });

  it('accepts settings under which no line fits, as the original does, and says so (optionsWarning)', () => {
    // defect: a 4x4 board with lines of 5 was accepted silently, a game where no chip can ever go
    const hopeless = { width: 4, height: 4, minLine: 5 };
    expect(validateOptions(hopeless).ok).toBe(true);
    expect(newGame('w', hopeless).ok).toBe(true);
    expect(optionsWarning({ ...DEFAULT_OPTIONS, ...hopeless })).toEqual({ kind: 'no-line', minLine: 5, width: 4, height: 4 });
    expect(optionsWarning({ width: 1, height: 1, minLine: 2 })).toEqual({ kind: 'no-line', minLine: 2, width: 1, height: 1 });
    // a line fits along the longer side alone (a row of 5 on a 5x1 board), or just fits
    for (const o of [DEFAULT_OPTIONS, { width: 5, height: 1, minLine: 5 }, { width: 2, height: 9, minLine: 9 }, { width: 4, height: 4, minLine: 4 }]) expect(optionsWarning(o)).toBeNull();
    const w = optionsWarning({ width: 4, height: 3, minLine: 5 });
    expect(optionsWarningText(translator('en'), w)).toBe('No line of 5 fits a 4x3 board: no chip can ever be removed.');
    expect(optionsWarningText(translator('da'), w)).toBe('Ingen linje på 5 brikker passer på et 4x3-bræt: Ingen brik kan nogensinde fjernes.');
    expect(optionsWarningText(translator('de'), w)).toBe('Keine Linie aus 5 Steinen passt auf ein 4x3-Brett: Kein Stein kann je entfernt werden.');
    expect(optionsWarningText(translator('en'), null)).toBe('');
  });
});

describe('Lines new game', () => {
  it('throws the first chips from the seed, deterministically, and draws the next colours', () => {
    const a = newGame('seed-1');
    const b = newGame('seed-1');
    const c = newGame('seed-2');
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (!a.ok || !b.ok || !c.ok) return;
    expect(a.value.board).toEqual(b.value.board);
    expect(a.value.board).not.toEqual(c.value.board);
    expect(chips(a.value)).toBe(3);
    expect(a.value.next).toHaveLength(3);
    for (const v of [...a.value.board.filter(Boolean), ...a.value.next]) expect(v >= 1 && v <= 5).toBe(true);
    const big = newGame('seed-1', { firstThrow: 7, throwCount: 4, colors: 2 });
    expect(big.ok && chips(big.value)).toBe(7);
    expect(big.ok && big.value.next.length).toBe(4);
    expect(big.ok && big.value.board.every((v) => v <= 2)).toBe(true);
  });
});

describe('Lines scoring', () => {
  it('n + n*(n-min) + b*b, as docs/rules.md#lines-scoring: min 5 gives 5, 12, 21 for 5, 6, 7 chips', () => {
    expect(removalPoints(5, 5, 0)).toBe(5);
    expect(removalPoints(6, 5, 0)).toBe(12);
    expect(removalPoints(7, 5, 0)).toBe(21);
    expect(removalPoints(5, 5, 1)).toBe(6);
    expect(removalPoints(5, 5, 3)).toBe(14);
    expect(removalPoints(0, 5, 3)).toBe(0);
  });

  it.each([
    ['horizontal', ['1111....', '........', '........', '........', '........', '2...1...'], [4, 5, 4, 0]],
    ['vertical', ['1.......', '1.......', '1.......', '1.......', '........', '...1...2'], [3, 5, 0, 4]],
    ['diagonal down-right', ['1.......', '.1......', '..1.....', '...1....', '........', '2......1'], [7, 5, 4, 4]],
    ['diagonal up-right', ['....1...', '...1....', '..1.....', '.1......', '........', '2......1'], [7, 5, 0, 4]],
  ] as [string, string[], [number, number, number, number]][])('removes a %s line of 5 through the moved chip, scores 5, no throw', (_name, rows, [fx, fy, tx, ty]) => {
    // (a chip of another colour stays: a move that clears the board is followed by a throw)
    const s = position(rows);
    const r = mustApply(s, { type: 'move', from: at(s, fx, fy), to: at(s, tx, ty) });
    expect(chips(r)).toBe(1);
    expect(r.score).toBe(5);
    expect(r.last?.removed).toHaveLength(5);
    expect(r.last?.thrown).toEqual([]);
    expect(r.rng).toEqual(s.rng); // no throw drew anything
    expect(r.streak).toBe(1);
  });

  it('6 in a line score 12 and 7 score 21 (with a gap filled in the middle)', () => {
    const six = position(['11.111.', '.......', '..1...2']);
    expect(mustApply(six, { type: 'move', from: at(six, 2, 2), to: at(six, 2, 0) }).score).toBe(12);
    const seven = position(['111.111', '.......', '...1..2']);
    const r = mustApply(seven, { type: 'move', from: at(seven, 3, 2), to: at(seven, 3, 0) });
    expect(r.score).toBe(21);
    expect(chips(r)).toBe(1);
  });

  it('a chip in two lines is removed once and counted once', () => {
    const s = position(['..2......', '..2......', '..2......', '..2......', '22.22....', '.........', '3.......2']);
    const r = mustApply(s, { type: 'move', from: at(s, 8, 6), to: at(s, 2, 4) });
    expect(r.last?.removed).toHaveLength(9);
    expect(r.score).toBe(9 + 9 * 4);
    expect(chips(r)).toBe(1);
  });

  it('only chips of the moved colour count, and a line shorter than the minimum stays', () => {
    const s = position(['1121....', '........', '.......1']);
    const r = mustApply(s, { type: 'move', from: at(s, 7, 2), to: at(s, 4, 0) });
    expect(r.score).toBe(0);
    expect(r.last?.removed).toEqual([]);
    expect(r.last?.thrown).toHaveLength(3);
    expect(chips(r)).toBe(5 + 3);
  });

  it('b counts consecutive scoring moves since the last throw: 5, 6, 9; a throw resets it', () => {
    const s0 = position(
      ['1111.....', '.........', '2222.....', '.........', '3333.....', '.........', '1...2...3', '.........', '.4.......'],
      {},
      { next: [5, 5, 5] },
    );
    const s1 = mustApply(s0, { type: 'move', from: at(s0, 0, 6), to: at(s0, 4, 0) });
    expect(s1.score).toBe(5);
    const s2 = mustApply(s1, { type: 'move', from: at(s1, 4, 6), to: at(s1, 4, 2) });
    expect(s2.score).toBe(5 + 6);
    const s3 = mustApply(s2, { type: 'move', from: at(s2, 8, 6), to: at(s2, 4, 4) });
    expect(s3.score).toBe(5 + 6 + 9);
    expect(s3.streak).toBe(3);
    // A move that removes nothing: the computer throws, b goes back to 0.
    const s4 = mustApply(s3, { type: 'move', from: at(s3, 1, 8), to: at(s3, 0, 8) });
    expect(s4.last?.thrown).toHaveLength(3);
    expect(s4.streak).toBe(0);
    expect(s4.next).toHaveLength(3);
  });

  it('chips removed right after a throw score with b = 0', () => {
    // Two free cells after the move; the two thrown chips (colour 1) fill both, one completes row 0.
    const s = position(['1111.', '23232', '32.32'], { colors: 3, throwCount: 2 }, { next: [1, 1], streak: 2 });
    const r = mustApply(s, { type: 'move', from: at(s, 1, 2), to: at(s, 2, 2) });
    expect(r.last?.removed).toEqual([]);
    expect(r.last?.thrown.sort((a, b) => a - b)).toEqual([at(s, 4, 0), at(s, 1, 2)]);
    expect(r.last?.thrownRemoved).toEqual([0, 1, 2, 3, 4]);
    expect(r.last?.throwPoints).toBe(5);
    expect(r.score).toBe(5);
    expect(rowsOf(r)).toEqual(['.....', '23232', '31232']);
    expect(r.over).toBe(false);
  });
});

describe('Lines moves and paths', () => {
  it('finds a shortest 4-neighbour path around chips', () => {
    const s = position(['1.2..', '.22..', '.....']);
    const p = findPath(s.board, 5, 3, at(s, 0, 0), at(s, 3, 0));
    expect(p).not.toBeNull();
    expect(p![0]).toBe(at(s, 0, 0));
    expect(p![p!.length - 1]).toBe(at(s, 3, 0));
    expect(p).toHaveLength(8); // down 2, right 3, up 2: 7 steps
    for (let i = 1; i < p!.length; i++) {
      const a = p![i - 1]!;
      const b = p![i]!;
      expect([1, 5]).toContain(Math.abs(a - b));
      expect(s.board[b]).toBe(0);
    }
  });

  it('diagonal steps are not allowed: a chip walled in by its 4 neighbours cannot move', () => {
    const s = position(['.2.', '212', '.2.']);
    expect(findPath(s.board, 3, 3, at(s, 1, 1), at(s, 0, 0))).toBeNull();
    const r = apply(s, { type: 'move', from: at(s, 1, 1), to: at(s, 0, 0) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('unreachable');
  });

  it('refused actions return a typed error and leave the state unchanged', () => {
    const s = position(['1.2..', '.22..', '....3'], {}, {});
    const before = JSON.stringify(essence(s));
    const cases: [LinesAction, string][] = [
      [{ type: 'move', from: at(s, 1, 0), to: at(s, 3, 0) }, 'empty-cell'],
      [{ type: 'move', from: at(s, 0, 0), to: at(s, 2, 0) }, 'occupied'],
      [{ type: 'move', from: at(s, 0, 0), to: at(s, 0, 0) }, 'occupied'],
      [{ type: 'move', from: 0, to: 99 }, 'off-board'],
      [{ type: 'move', from: -1, to: 3 }, 'off-board'],
      [{ type: 'move', from: 0.5, to: 3 }, 'off-board'],
      [{ type: 'undo' }, 'nothing-to-undo'],
      [{ type: 'jump' } as unknown as LinesAction, 'bad-action'],
    ];
    for (const [action, code] of cases) {
      const r = apply(s, action);
      expect(r.ok, JSON.stringify(action)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
    }
    expect(JSON.stringify(essence(s))).toBe(before);
  });
});

describe('Lines end of game', () => {
  it('ends when the throw does not fit (nothing is thrown), and refuses moves afterwards', () => {
    const s = position(['12.', '231', '3.2'], { colors: 3 });
    const r = mustApply(s, { type: 'move', from: at(s, 0, 2), to: at(s, 1, 2) });
    expect(r.over).toBe(true);
    expect(r.last?.thrown).toEqual([]);
    expect(rowsOf(r)).toEqual(['12.', '231', '.32']);
    // why, for the clients to say: the next throw does not fit the free cells
    expect(overReason(r)).toEqual({ free: 2, chips: r.next.length });
    expect(r.next.length).toBeGreaterThan(2);
    expect(overReason(s)).toBeNull();
    const again = apply(r, { type: 'move', from: at(r, 1, 2), to: at(r, 0, 2) });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('game-over');
    expect(apply(r, { type: 'hint' }).ok).toBe(false);
  });

  it('ends when the board is full after the throw and its removals', () => {
    const s = position(['12.', '231', '3.2'], { colors: 3, throwCount: 2 }, { next: [1, 3] });
    const r = mustApply(s, { type: 'move', from: at(s, 0, 2), to: at(s, 1, 2) });
    expect(r.last?.thrown).toHaveLength(2);
    expect(chips(r)).toBe(9);
    expect(r.over).toBe(true);
    expect(overReason(r)).toEqual({ free: 0, chips: r.next.length });
    expect(overReasonText(translator('en'), overReason(r))).toBe('The board is full.');
    expect(overReasonText(translator('en'), { free: 2, chips: 3 })).toBe('The next 3 chips do not fit in the 2 free cells.');
    expect(overReasonText(translator('en'), { free: 1, chips: 1 })).toBe('The next 1 chip does not fit in the 1 free cell.');
  });

  it('a move that clears the board scores, then the computer throws (the game stood still with nothing to move); with -n 0 it ends', () => {
    // the play tester's game: red, empty, red on a 3x1 board, lines of 2, one chip a throw
    const s = position(['1.1'], { colors: 1, minLine: 2, throwCount: 1 }, { next: [1], streak: 1, score: 0, over: false });
    const r = mustApply(s, { type: 'move', from: at(s, 0, 0), to: at(s, 1, 0) });
    expect(r.last?.removed).toEqual([1, 2]);
    expect(r.last?.points).toBe(2 + 0 + 1);
    expect(r.last?.thrown).toHaveLength(1);
    expect(chips(r)).toBe(1);
    expect(r.over).toBe(false);
    expect(r.score).toBe(3);
    // a throw resets b
    expect(r.streak).toBe(0);
    // the next throw's colours were drawn
    expect(r.next).toHaveLength(1);
    const none = position(['1.1'], { colors: 1, minLine: 2, throwCount: 0 }, { next: [], score: 0, over: false });
    const e = mustApply(none, { type: 'move', from: at(none, 0, 0), to: at(none, 1, 0) });
    expect(chips(e)).toBe(0);
    expect(e.over).toBe(true);
    expect(e.score).toBe(2);
    // said as what it is: it was "The next 0 chips do not fit in the 3 free cells."
    expect(overReason(e)).toEqual({ free: 3, chips: 0 });
    expect(overReasonText(translator('en'), overReason(e))).toBe('The board is empty and no chips are thrown.');
  });

  it('keeps what the first throw did for the clients to say: its chips, its lines, the throw after one that emptied the board', () => {
    // a 2x1 board, lines of 2: the first throw's two chips make a line, the board is empty, one chip is thrown
    const g = newGame('y', { width: 2, height: 1, firstThrow: 2, throwCount: 1, minLine: 2, colors: 1 });
    if (!g.ok) throw new Error(g.error.message);
    expect(g.value.opening).toEqual({ thrown: [0, 1, g.value.board.indexOf(1)], removed: [0, 1], points: 2 });
    expect(g.value.score).toBe(2);
    expect(chips(g.value)).toBe(1);
    // with -n 0 the same opening ends the game at once
    const n0 = newGame('0', { width: 3, height: 1, firstThrow: 2, throwCount: 0, minLine: 2, colors: 1 });
    if (!n0.ok) throw new Error(n0.error.message);
    expect(n0.value.over).toBe(true);
    expect(overReasonText(translator('en'), overReason(n0.value))).toBe('The board is empty and no chips are thrown.');
    // a plain opening: the chips thrown, nothing removed; replay rebuilds it
    const d = newGame('plain');
    if (!d.ok) throw new Error(d.error.message);
    expect([...d.value.opening.thrown].sort((a, b) => a - b)).toEqual(d.value.board.flatMap((v, i) => (v ? [i] : [])));
    expect(d.value.opening).toMatchObject({ removed: [], points: 0 });
  });

  it('goes on when the throw just fits and a line frees space', () => {
    const s = position(['1111.', '23232', '32.32'], { colors: 3, throwCount: 2 }, { next: [1, 1] });
    const r = mustApply(s, { type: 'move', from: at(s, 1, 2), to: at(s, 2, 2) });
    expect(r.over).toBe(false);
  });
});

describe('Lines undo, hints and records', () => {
  it('undo restores the position, the score and the generator; the game leaves the high-score table', () => {
    const g = newGame('undo');
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    const s0 = g.value;
    expect(isHighScoreEligible(s0)).toBe(true);
    const mv = hint(s0)!;
    const s1 = mustApply(s0, { type: 'move', ...mv });
    const u = mustApply(s1, { type: 'undo' });
    expect(essence({ ...u, undone: false })).toEqual(essence(s0));
    expect(u.undone).toBe(true);
    expect(isHighScoreEligible(u)).toBe(false);
    // The same move again gives the same throw (the generator was restored too).
    const s1b = mustApply(u, { type: 'move', ...mv });
    expect(s1b.board).toEqual(s1.board);
  });

  it('asking for a hint or changing a setting leaves the high-score table', () => {
    const g = newGame('x');
    expect(g.ok && isHighScoreEligible(mustApply(g.value, { type: 'hint' }))).toBe(false);
    const p = newGame('x', { preview: true });
    expect(p.ok && isHighScoreEligible(p.value)).toBe(false);
    const w = newGame('x', { width: 10 });
    expect(w.ok && isHighScoreEligible(w.value)).toBe(false);
    const d = newGame('x', { ...DEFAULT_OPTIONS });
    expect(d.ok && isHighScoreEligible(d.value)).toBe(true);
  });

  it('a record (seed, options, actions) replays to the same state', () => {
    const options = { ...DEFAULT_OPTIONS, preview: true };
    const g = newGame('replay-me', options);
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    let s = g.value;
    const actions: LinesAction[] = [];
    for (let i = 0; i < 40 && !s.over; i++) {
      const a: LinesAction = i === 10 ? { type: 'hint' } : i === 20 ? { type: 'undo' } : { type: 'move', ...hint(s)! };
      actions.push(a);
      s = mustApply(s, a);
    }
    const r = replay({ seed: 'replay-me', options, actions: JSON.parse(JSON.stringify(actions)) });
    expect(r.ok).toBe(true);
    if (r.ok) expect(essence(r.value)).toEqual(essence(s));
    expect(s.score).toBeGreaterThan(0);

    const bad = replay({ seed: 'replay-me', options, actions: [actions[0]!, { type: 'move', from: 0, to: 0 }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.actionIndex).toBe(1);
  });
});

describe('linesThrough', () => {
  it('finds nothing for cells that are empty or in short runs', () => {
    const s = position(['1111.2', '......']);
    expect(linesThrough(s.board, 6, 2, [0, 4, 5], 5)).toEqual([]);
    expect(linesThrough(s.board, 6, 2, [0], 4)).toEqual([0, 1, 2, 3]);
  });
});
