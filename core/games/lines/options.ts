// The settings of a Lines game (docs/rules.md#lines-options; the original's -w -t -c -i -n -N) and
// their limits. Pure data: the CLI parses flags into this shape, the engine validates it.

export interface LinesOptions {
  /** Board width in cells (`-w`). */
  width: number;
  /** Board height in cells (`-t`). */
  height: number;
  /** Number of chip colours (`-c`). */
  colors: number;
  /** Minimum number of chips in a straight line to remove them (`-i`). */
  minLine: number;
  /** Chips thrown after every non-scoring player move (`-n`). */
  throwCount: number;
  /** Chips thrown before the player's first move (`-N`). */
  firstThrow: number;
  /** Show the colours of the next throw (not in the original; off by default). */
  preview: boolean;
}

export const DEFAULT_OPTIONS: Readonly<LinesOptions> = Object.freeze({
  width: 9,
  height: 9,
  colors: 5,
  minLine: 5,
  throwCount: 3,
  firstThrow: 3,
  preview: false,
});

/** Inclusive limits of the numeric options (chip counts are further capped by the board size). */
export const OPTION_LIMITS = {
  width: { min: 1, max: 99, flag: '-w' },
  height: { min: 1, max: 99, flag: '-t' },
  colors: { min: 1, max: 32, flag: '-c' },
  minLine: { min: 2, max: 99, flag: '-i' },
  throwCount: { min: 0, max: 99 * 99, flag: '-n' },
  firstThrow: { min: 1, max: 99 * 99, flag: '-N' },
} as const;

export type NumericOption = keyof typeof OPTION_LIMITS;

export type LinesErrorCode =
  | 'bad-option'
  | 'bad-action'
  | 'game-over'
  | 'off-board'
  | 'empty-cell'
  | 'occupied'
  | 'unreachable'
  | 'nothing-to-undo';

/**
 * What is wrong with a `bad-option` value, for a client that words it itself (the web panel
 * names the field as its form does, in the player's language); `message` is the command
 * line's English wording with the flag ("-i (minLine) must be between 2 and 99, got 1").
 */
export type OptionProblem =
  | { kind: 'not-integer'; value: string }
  | { kind: 'out-of-range'; min: number; max: number; value: number }
  | { kind: 'too-many-chips'; value: number; cells: number }
  | { kind: 'not-boolean' };

export interface LinesError {
  code: LinesErrorCode;
  message: string;
  /** For `bad-option`: which option. */
  option?: keyof LinesOptions;
  /** For `bad-option`: what is wrong with it, with the limits broken (OPTION_LIMITS). */
  problem?: OptionProblem;
  /** For a replayed record: the index of the refused action. */
  actionIndex?: number;
}

export type LinesResult<T> = { ok: true; value: T } | { ok: false; error: LinesError };

export function linesError(code: LinesErrorCode, message: string, extra: Partial<LinesError> = {}): LinesError {
  return { code, message, ...extra };
}

/**
 * Fills defaults and checks every value: integers within OPTION_LIMITS, `-i` > 1,
 * `-n` >= 0, `-N` >= 1 (docs/rules.md#lines-options), and no throw larger than the board.
 */
export function validateOptions(partial: Partial<LinesOptions> = {}): LinesResult<LinesOptions> {
  const o: LinesOptions = { ...DEFAULT_OPTIONS, ...stripUndefined(partial) };
  for (const key of Object.keys(OPTION_LIMITS) as NumericOption[]) {
    const v = o[key];
    const { min, max, flag } = OPTION_LIMITS[key];
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      const problem: OptionProblem = { kind: 'not-integer', value: String(v) };
      return { ok: false, error: linesError('bad-option', `${flag} (${key}) must be an integer, got ${String(v)}`, { option: key, problem }) };
    }
    if (v < min || v > max) {
      const problem: OptionProblem = { kind: 'out-of-range', min, max, value: v };
      return { ok: false, error: linesError('bad-option', `${flag} (${key}) must be between ${min} and ${max}, got ${v}`, { option: key, problem }) };
    }
  }
  const cells = o.width * o.height;
  for (const key of ['firstThrow', 'throwCount'] as const) {
    if (o[key] > cells) {
      const problem: OptionProblem = { kind: 'too-many-chips', value: o[key], cells };
      return { ok: false, error: linesError('bad-option', `${OPTION_LIMITS[key].flag} (${key}) ${o[key]} does not fit a board of ${cells} cells`, { option: key, problem }) };
    }
  }
  if (typeof o.preview !== 'boolean') {
    return { ok: false, error: linesError('bad-option', `preview must be true or false`, { option: 'preview', problem: { kind: 'not-boolean' } }) };
  }
  return { ok: true, value: o };
}

/**
 * Valid settings that leave nothing to play for, which every client says when a game starts
 * with them: a line longer than both sides of the board (a line runs along a row, a column
 * or a diagonal) can never form, so no chip is ever removed. The original allows them, and
 * so do we (docs/rules.md#lines-options); the words are `optionsWarningText` in
 * media/lines/texts.ts.
 */
export type OptionsWarning = { kind: 'no-line'; minLine: number; width: number; height: number };

/** What is hopeless about valid settings, or null when a line can form. */
export function optionsWarning(o: Pick<LinesOptions, 'width' | 'height' | 'minLine'>): OptionsWarning | null {
  if (o.minLine > Math.max(o.width, o.height)) return { kind: 'no-line', minLine: o.minLine, width: o.width, height: o.height };
  return null;
}

/** The settings under which high scores are kept: all defaults, preview off. */
export function isDefaultOptions(o: LinesOptions): boolean {
  return (Object.keys(DEFAULT_OPTIONS) as (keyof LinesOptions)[]).every((k) => o[k] === DEFAULT_OPTIONS[k]);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}
