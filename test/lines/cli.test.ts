import { describe, expect, it } from 'vitest';
import { UsageError, type CliIO } from '../../server/cli/io.js';
import { main } from '../../server/cli/main.js';
import { checkBwFont, defaultPalette, parseLinesArgs } from '../../server/lines/args.js';
import { decodeInput } from '../../server/lines/tty-input.js';
import { cellAt, computeLayout, renderFrame, type View } from '../../server/lines/tty-render.js';

function capture(): CliIO & { outText: string; errText: string } {
  const io = {
    outText: '',
    errText: '',
    out(t: string) {
      io.outText += t;
    },
    err(t: string) {
      io.errText += t;
    },
    isTTY: false,
    readStdin: async () => new Uint8Array(),
  };
  return io;
}

describe('cardwords lines options', () => {
  it('defaults, attached and separate values, flag clusters, long options', () => {
    const d = parseLinesArgs([]);
    expect(d.game).toEqual({ width: 9, height: 9, colors: 5, minLine: 5, throwCount: 3, firstThrow: 3, preview: false });
    expect(d.keys).toEqual(['h', 'j', 'k', 'l', ' ']);
    expect(d.palette).toEqual([7, 1, 2, 3, 4, 5]);
    const o = parseLinesArgs(['-w12', '-t', '7', '-c', '6', '-i4', '-n', '0', '-N', '5', '-p', '-C', 'asdwe', '-mb', '--seed=abc', '-lv']);
    expect(o.game).toEqual({ width: 12, height: 7, colors: 6, minLine: 4, throwCount: 0, firstThrow: 5, preview: true });
    expect(o.keys).toEqual(['a', 's', 'd', 'w', 'e']);
    expect(o.keysGiven).toBe(true);
    expect(o.mode).toBe('b');
    expect(o.seed).toBe('abc');
    expect(o.list && o.version).toBe(true);
    expect(parseLinesArgs(['--preview', '--no-mouse']).mouse).toBe(false);
  });

  it.each([
    [['-i', '1'], /-i .*between 2/],
    [['-N', '0'], /-N .*between 1/],
    [['-n', '-1'], /-n .*between 0/],
    [['-w', 'nine'], /-w needs a whole number/],
    [['-w'], /-w needs a value/],
    [['-C', 'hjk'], /-C needs exactly 5/],
    [['-C', 'hhjkl'], /-C characters must all differ/],
    [['-f', 'IO'], /-f needs exactly 3/],
    [['-F', '*Oo1'], /-F needs a cursor character and then two/],
    [['-o', '7,1,2'], /-o needs 6 colour numbers/],
    [['-o', '7,x'], /-o needs comma-separated/],
    [['-m', 'x'], /-m needs 'c'/],
    [['-z'], /unknown option '-z'/],
    [['--bogus'], /unknown option '--bogus'/],
    [['extra'], /unexpected argument/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseLinesArgs(argv)).toThrow(UsageError);
    expect(() => parseLinesArgs(argv)).toThrow(message);
  });

  it('black and white needs a font pair per colour', () => {
    expect(() => checkBwFont(parseLinesArgs(['-c', '6']))).toThrow(/give a longer font with -F/);
    // in words a person reads (it said "needs 6 chip characters pairs for -c 6")
    expect(() => checkBwFont(parseLinesArgs(['-c', '6', '-F', '*OoXx']))).toThrow('black-and-white mode needs a pair of chip characters for each of the 6 colours (-c 6); the font has 2 pairs');
    expect(() => checkBwFont(parseLinesArgs(['-c', '6', '-F', "*OoVvAa.'ZzXx"]))).not.toThrow();
    expect(defaultPalette(8)).toEqual([7, 1, 2, 3, 4, 5, 6, 8, 9]);
  });

  it('through the dispatcher: bad values exit 2 with a clear message; -v, -h and -l exit 0', async () => {
    const io = capture();
    expect(await main(['lines', '-i', '1'], io)).toBe(2);
    expect(io.errText).toMatch(/cardwords lines: -i \(minLine\) must be between 2/);
    const v = capture();
    expect(await main(['lines', '-v'], v)).toBe(0);
    expect(v.outText).toMatch(/^cardwords lines \d/);
    const h = capture();
    expect(await main(['lines', '-h'], h)).toBe(0);
    expect(h.outText).toMatch(/-N N\s+chips thrown before the first move/);
  });
});

describe('terminal input and drawing', () => {
  it('decodes arrows (both forms), SGR mouse reports and characters', () => {
    expect(decodeInput('\x1b[A\x1bOB\x1b[C\x1b[Dk ')).toEqual([
      { type: 'key', key: 'up' },
      { type: 'key', key: 'down' },
      { type: 'key', key: 'right' },
      { type: 'key', key: 'left' },
      { type: 'char', ch: 'k' },
      { type: 'char', ch: ' ' },
    ]);
    expect(decodeInput('\x1b[<0;12;5M\x1b[<0;12;5m\x1b[15~q')).toEqual([
      { type: 'mouse', button: 0, x: 11, y: 4, press: true },
      { type: 'mouse', button: 0, x: 11, y: 4, press: false },
      { type: 'char', ch: 'q' },
    ]);
  });

  it('chooses normal, mini or too small, and maps screen positions to cells', () => {
    expect(computeLayout(80, 24, 9, 9).kind).toBe('normal');
    expect(computeLayout(28, 24, 9, 9).kind).toBe('mini');
    expect(computeLayout(80, 21, 9, 9).kind).toBe('mini');
    expect(computeLayout(10, 24, 9, 9).kind).toBe('small');
    expect(computeLayout(80, 12, 9, 9).kind).toBe('small');
    const l = computeLayout(80, 24, 9, 9);
    expect(cellAt(l, 9, 9, l.left + 1, l.top + 1)).toBe(0);
    expect(cellAt(l, 9, 9, l.left + 1 + 3 * 4 + 2, l.top + 1 + 2 * 3 + 1)).toBe(3 * 9 + 4);
    expect(cellAt(l, 9, 9, l.left, l.top + 1)).toBe(-1);
    expect(cellAt(l, 9, 9, l.left + 1 + 27, l.top + 1)).toBe(-1);
  });

  it('draws chips with the black-and-white font and the too-small message', () => {
    const board = new Array(81).fill(0);
    board[0] = 1;
    board[80] = 2;
    const view: View = {
      width: 9, height: 9, board, cursor: 40, selected: -1, jump: 0, flash: new Set(), score: 42, next: [3, 4, 5],
      highScore: 'High score: 7 (ann)', message: '', help: 'help',
    };
    const style = { mode: 'b' as const, colorFont: ['I', 'O', 'o'], bwFont: [..."*OoVvAa.'Zz"], palette: [7, 1, 2, 3, 4, 5] };
    const plain = renderFrame(computeLayout(80, 24, 9, 9), view, style).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '\n');
    expect(plain).toContain('Score: 42  Next: A . Z');
    expect(plain).toContain('| O ');
    expect(plain).toContain(' V |');
    expect(plain).toContain('*.*'.replace('.', ' '));
    const small = renderFrame(computeLayout(20, 8, 9, 9), view, style);
    expect(small).toContain('Terminal too small');
    expect(small).not.toContain('Score');
  });
});
