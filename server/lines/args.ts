// Command-line options of `cardwords lines`: the original clines flags (man page), plus a
// few of ours (--preview, --no-mouse, and the hidden --seed for tests and replays).
import { UsageError } from '../cli/io.js';
import { validateOptions, type LinesOptions } from '../../core/games/lines/options.js';

export interface LinesCliOptions {
  /** The game settings (validated). */
  game: LinesOptions;
  /** LEFT, DOWN, UP, RIGHT, ACTION (`-C`, default "hjkl "). */
  keys: string[];
  /** `-C` was given (then `q` may be one of the keys and no longer quits). */
  keysGiven: boolean;
  /** Colour-mode font: cursor, chip, selected chip in mini mode (`-f`, default "IOo"). */
  colorFont: string[];
  /** Black-and-white font: cursor, then per colour a chip and its mini-mode jump (`-F`). */
  bwFont: string[];
  bwFontGiven: boolean;
  /** Terminal colour numbers: cursor first, then one per chip colour (`-o`). */
  palette: number[];
  /** Forced mode (`-m c` or `-m b`), or null to detect. */
  mode: 'c' | 'b' | null;
  list: boolean;
  version: boolean;
  mouse: boolean;
  /** Hidden: a fixed seed (such a game never enters the high-score table). */
  seed: string | null;
}

export const DEFAULT_KEYS = 'hjkl ';
export const DEFAULT_COLOR_FONT = 'IOo';
export const DEFAULT_BW_FONT = "*OoVvAa.'Zz";

export const LINES_HELP = `Usage: cardwords lines [options]

Console Lines (clines): move chips of one colour into straight lines of 5 or more
(across, down or diagonal) to remove them. Every move that removes nothing lets the
computer throw more chips; the game ends when they no longer fit.

Game (a value other than the default turns the high-score table off):
  -w N        board width (default 9)
  -t N        board height (default 9)
  -c N        number of colours (default 5)
  -i N        minimum line to remove, at least 2 (default 5)
  -n N        chips thrown after each move that removes nothing, at least 0 (default 3)
  -N N        chips thrown before the first move, at least 1 (default 3)
  -p, --preview  show the colours of the next throw (not in the original; default off)

Display and keys:
  -C KEYS     keys for LEFT, DOWN, UP, RIGHT, ACTION (default "hjkl "); if q is one of
              them, quit with Ctrl-C or Ctrl-\\
  -f FONT     colour font: cursor, chip, selected chip in mini mode (default "IOo")
  -F FONT     black-and-white font: cursor, then two characters per colour, the chip and
              its jumping form in mini mode (default "*OoVvAa.'Zz")
  -o LIST     comma-separated terminal colour numbers: cursor, then one per chip colour
              (default 7,1,2,3,4,5)
  -m c|b      force colour or black-and-white mode
  --no-mouse  do not ask the terminal for mouse clicks

Other:
  -l          list the high scores and exit
  -v          print the version and exit
  -h          this help

Keys in the game: arrows or h j k l move the cursor; space selects a chip, changes or
clears the selection, or moves the selected chip to the empty cell under the cursor;
a mouse click does the same on the cell clicked. u takes back a move, ? proposes a move
(both keep the game out of the high-score table), Ctrl-L redraws, n starts a new game
once the game is over, q quits (the score is saved).
`;

const VALUE_FLAGS: Record<string, string> = {
  w: 'width',
  t: 'height',
  c: 'colors',
  i: 'minLine',
  n: 'throwCount',
  N: 'firstThrow',
  C: 'keys',
  f: 'colorFont',
  F: 'bwFont',
  o: 'palette',
  m: 'mode',
};
const LONG_VALUE: Record<string, string> = {
  width: 'width',
  height: 'height',
  colors: 'colors',
  'min-line': 'minLine',
  throw: 'throwCount',
  'first-throw': 'firstThrow',
  keys: 'keys',
  font: 'colorFont',
  'bw-font': 'bwFont',
  palette: 'palette',
  mode: 'mode',
  seed: 'seed',
};
const FLAG_NAME: Record<string, string> = {
  width: '-w',
  height: '-t',
  colors: '-c',
  minLine: '-i',
  throwCount: '-n',
  firstThrow: '-N',
  keys: '-C',
  colorFont: '-f',
  bwFont: '-F',
  palette: '-o',
  mode: '-m',
  seed: '--seed',
};

/** Parses argv (after `lines`); throws UsageError with a clear message on any bad value. */
export function parseLinesArgs(argv: string[]): LinesCliOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const takeValue = (key: string, inline: string | undefined, shown: string) => {
      let v = inline;
      if (v === undefined) {
        if (i + 1 >= argv.length) throw new UsageError(`${shown} needs a value`);
        v = argv[++i]!;
      }
      values.set(key, v);
    };
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      const inline = eq < 0 ? undefined : arg.slice(eq + 1);
      if (LONG_VALUE[name]) takeValue(LONG_VALUE[name], inline, `--${name}`);
      else if (name === 'preview' || name === 'list' || name === 'version' || name === 'no-mouse') {
        if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
        flags.add(name === 'preview' ? 'p' : name === 'list' ? 'l' : name === 'version' ? 'v' : 'no-mouse');
      } else throw new UsageError(`unknown option '${arg}'`);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') throw new UsageError(`unexpected argument '${arg}'`);
    // A cluster of flags (-lv), or one value option with its value attached (-w12) or next.
    for (let k = 1; k < arg.length; k++) {
      const ch = arg[k]!;
      const key = VALUE_FLAGS[ch];
      if (key) {
        takeValue(key, k + 1 < arg.length ? arg.slice(k + 1) : undefined, `-${ch}`);
        break;
      }
      if (ch === 'l' || ch === 'v' || ch === 'p' || ch === 'h') flags.add(ch);
      else throw new UsageError(`unknown option '-${ch}'`);
    }
  }

  const game: Partial<LinesOptions> = { preview: flags.has('p') };
  for (const key of ['width', 'height', 'colors', 'minLine', 'throwCount', 'firstThrow'] as const) {
    const v = values.get(key);
    if (v === undefined) continue;
    if (!/^[+-]?\d+$/.test(v.trim())) throw new UsageError(`${FLAG_NAME[key]} needs a whole number, got '${v}'`);
    game[key] = Number(v.trim());
  }
  const valid = validateOptions(game);
  if (!valid.ok) throw new UsageError(valid.error.message);
  const o = valid.value;

  const keysText = values.get('keys');
  const keys = [...(keysText ?? DEFAULT_KEYS)];
  if (keys.length !== 5) throw new UsageError(`-C needs exactly 5 characters (LEFT, DOWN, UP, RIGHT, ACTION), got ${keys.length}`);
  if (new Set(keys).size !== 5) throw new UsageError(`-C characters must all differ, got '${keysText}'`);
  if (keys.some((k) => k.codePointAt(0)! < 32 && k !== ' ')) throw new UsageError('-C characters must be printable');

  const colorFont = [...(values.get('colorFont') ?? DEFAULT_COLOR_FONT)];
  if (colorFont.length !== 3) throw new UsageError(`-f needs exactly 3 characters (cursor, chip, selected chip in mini mode), got ${colorFont.length}`);
  const bwFont = [...(values.get('bwFont') ?? DEFAULT_BW_FONT)];
  if (bwFont.length < 3 || bwFont.length % 2 === 0) {
    throw new UsageError(`-F needs a cursor character and then two characters per colour, got ${bwFont.length} characters`);
  }
  for (const font of [colorFont, bwFont]) {
    if (font.some((ch) => ch.codePointAt(0)! < 32)) throw new UsageError('font characters must be printable');
  }

  let palette = defaultPalette(o.colors);
  const paletteText = values.get('palette');
  if (paletteText !== undefined) {
    const parts = paletteText.split(',').map((s) => s.trim());
    if (parts.some((p) => !/^\d+$/.test(p) || Number(p) > 255)) throw new UsageError(`-o needs comma-separated colour numbers 0..255, got '${paletteText}'`);
    palette = parts.map(Number);
    if (palette.length < o.colors + 1) {
      throw new UsageError(`-o needs ${o.colors + 1} colour numbers (the cursor, then one per colour), got ${palette.length}`);
    }
  }

  const modeText = values.get('mode');
  if (modeText !== undefined && modeText !== 'c' && modeText !== 'b') throw new UsageError(`-m needs 'c' (colour) or 'b' (black and white), got '${modeText}'`);

  const seed = values.get('seed') ?? null;
  if (seed !== null && seed.length === 0) throw new UsageError('--seed needs a non-empty value');

  return {
    game: o,
    keys,
    keysGiven: keysText !== undefined,
    colorFont,
    bwFont,
    bwFontGiven: values.has('bwFont'),
    palette,
    mode: (modeText as 'c' | 'b' | undefined) ?? null,
    list: flags.has('l'),
    version: flags.has('v'),
    mouse: !flags.has('no-mouse'),
    seed,
  };
}

/** Cursor white (7), then colours 1, 2, 3... skipping white (the man page's -o default). */
export function defaultPalette(colors: number): number[] {
  const out = [7];
  for (let c = 1; out.length < colors + 1; c++) if (c !== 7) out.push(c % 256);
  return out;
}

/** The black-and-white font must have a chip pair for every colour (man page, -F). */
export function checkBwFont(cli: LinesCliOptions): void {
  const pairs = (cli.bwFont.length - 1) / 2;
  if (pairs < cli.game.colors) {
    throw new UsageError(
      `black-and-white mode needs a pair of chip characters for each of the ${cli.game.colors} colours (-c ${cli.game.colors}); the font has ${pairs} ${pairs === 1 ? 'pair' : 'pairs'}` +
        (cli.bwFontGiven ? '' : '; give a longer font with -F'),
    );
  }
}
