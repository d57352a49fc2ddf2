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

export interface LinesError {
  code: LinesErrorCode;
  message: string;
  /** For `bad-option`: which option. */
  option?: keyof LinesOptions;
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
      return { ok: false, error: linesError('bad-option', `${flag} (${key}) must be an integer, got ${String(v)}`, { option: key }) };
    }
    if (v < min || v > max) {
      return { ok: false, error: linesError('bad-option', `${flag} (${key}) must be between ${min} and ${max}, got ${v}`, { option: key }) };
    }
  }
  const cells = o.width * o.height;
  if (o.firstThrow > cells) {
    return { ok: false, error: linesError('bad-option', `-N (firstThrow) ${o.firstThrow} does not fit a board of ${cells} cells`, { option: 'firstThrow' }) };
  }
  if (o.throwCount > cells) {
    return { ok: false, error: linesError('bad-option', `-n (throwCount) ${o.throwCount} does not fit a board of ${cells} cells`, { option: 'throwCount' }) };
  }
  if (typeof o.preview !== 'boolean') {
    return { ok: false, error: linesError('bad-option', `preview must be true or false`, { option: 'preview' }) };
  }
  return { ok: true, value: o };
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
