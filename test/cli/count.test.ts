import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCardset, parseCharset } from '../../core/formats/index.js';
import { cli } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'cw-count-'));
const charset = join(dir, 'de.charset');
writeFileSync(charset, '4\nAa\nBb\nÄä\nßẞ\n');

describe('cardwords count', () => {
  it('counts standard input per canonical character, ignoring others, with percentages and bars', () => {
    const r = cli(['count', '--charset', charset], 'aAb äÄä ß xyz\nẞ!');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        'A  2   25.00%  ' + '#'.repeat(27),
        'B  1   12.50%  ' + '#'.repeat(13),
        'Ä  3   37.50%  ' + '#'.repeat(40),
        'ß  2   25.00%  ' + '#'.repeat(27),
        'total  8',
        '',
      ].join('\n'),
    );
  });

  it('reads files, and --json gives counts and percentages', () => {
    const f = join(dir, 'text.txt');
    writeFileSync(f, 'ab ab ä');
    const r = cli(['count', '--charset', charset, '--json', f, f]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      total: 10,
      chars: [
        { char: 'A', count: 4, percent: 40 },
        { char: 'B', count: 4, percent: 40 },
        { char: 'Ä', count: 2, percent: 20 },
        { char: 'ß', count: 0, percent: 0 },
      ],
    });
  });

  it('--suggest N proposes a valid card set of N cards matching the charset', () => {
    const r = cli(['count', '--charset', 'samples/english/english.charset', '--suggest', '100', '--wildcards', '2', 'samples/english/english.dict']);
    expect(r.status).toBe(0);
    const cs = parseCharset('26\n' + 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').join('\n') + '\n').value;
    const parsed = parseCardset(r.stdout, cs);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value.cards).toHaveLength(100);
    expect(parsed.value.cards.filter((c) => c.char === null)).toHaveLength(2);
    const e = parsed.value.cards.filter((c) => c.char === 'E');
    const q = parsed.value.cards.filter((c) => c.char === 'Q');
    expect(e.length).toBeGreaterThan(q.length);
    expect(e[0]!.points).toBeLessThan(q[0]!.points);
    // input with none of the charset's characters: said, with the command's name as its other errors
    const none = cli(['count', '--charset', 'samples/tiny/tiny.charset', '--suggest', '10'], '123\n');
    expect(none.status).toBe(1);
    expect(none.stderr).toBe('cardwords count: no character of the charset was found in the input: nothing to propose\n');
  });

  it('--suggest gives every character that occurs one card first, then shares the rest in proportion, and --help and the docs say so', () => {
    // 97 a, 1 b, 2 ä: 10 cards in proportion would give b and ä none; each gets one first
    const r = cli(['count', '--charset', charset, '--suggest', '10'], `${'a'.repeat(97)}bää\n`);
    expect(r.stdout).toBe('10\n[A 1] [A 1] [A 1] [A 1] [A 1] [A 1] [A 1] [A 1]\n[B 10]\n[Ä 9]\n');
    expect(r.stderr).toBe('');
    // fewer cards than characters found: the card set alone on stdout, and a warning naming
    // how many get none (it was quiet, 14 of 19 letters without a card)
    const few = cli(['count', '--charset', charset, '--suggest', '2', '--wildcards', '1'], `${'a'.repeat(97)}bää\n`);
    expect([few.status, few.stdout]).toEqual([0, '2\n[A 1]\n[  0]\n']);
    expect(few.stderr).toBe('cardwords count: warning: 2 of the 3 characters found get no card (B, Ä): --suggest 4 or more gives each one\n');
    const help = cli(['count', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('every character that occurs gets one card first, so that every letter is playable, then the rest are shared out in proportion to the counts');
    expect(help).not.toContain('cards proportional to the counts');
    const lsp = readFileSync('docs/lsp-extensions.md', 'utf8');
    expect(lsp).not.toContain('frequency-proportional');
    expect(lsp.replace(/\s+/g, ' ')).toContain('every character that occurs in the dictionaries gets one card first, so that every letter is playable');
  });

  it('reads the charset beside the first file when --charset is not given (`count tok.dict`: it said --charset is required)', () => {
    const words = join(dir, 'de.dict');
    // a dictionary counts as the game plays it: its playable words, each once (not `ab` twice,
    // nor the letters of a one-letter word or of `äxb`, whose x the charset lacks: its B got a
    // card that check then said no word has)
    writeFileSync(words, 'ab\nab\nä\näxb\nßä\n');
    const r = cli(['count', '--json', words]);
    expect([r.status, JSON.parse(r.stdout).chars.map((c: { count: number }) => c.count)]).toEqual([0, [1, 1, 1, 1]]);
    writeFileSync(join(dir, 'text.txt'), 'ab');
    const alone = cli(['count', join(dir, 'text.txt')]);
    expect([alone.status, alone.stderr]).toEqual([2, expect.stringContaining(`cardwords count: --charset FILE is required (there is no text.charset beside ${join(dir, 'text.txt')})\n`)]);
  });

  it('usage errors exit 2: no charset, bad numbers, missing input file', () => {
    for (const args of [['count'], ['count', '--charset', charset, '--suggest', 'x'], ['count', '--charset', charset, '--suggest', '3', '--wildcards', '4'], ['count', '--charset', charset, '/no/such/file']]) {
      expect(cli(args, '').status, args.join(' ')).toBe(2);
    }
    // a negative number gets the range message a 0 gets (node's parser called it "ambiguous")
    for (const [args, said] of [
      [['--suggest', '10', '--max-points', '-3'], '--max-points must be between 1 and 99, not -3'],
      [['--suggest', '-5'], '--suggest must be between 1 and 100000, not -5'],
      [['--suggest', '10', '--wildcards', '-1'], '--wildcards must be between 0 and 100000, not -1'],
    ] as const) {
      const r = cli(['count', '--charset', charset, ...args], 'ab');
      expect([r.status, r.stderr], args.join(' ')).toEqual([2, expect.stringContaining(`cardwords count: ${said}\n`)]);
    }
  });

  it('stops quietly when its reader closes standard output (`| head`: node threw an unhandled EPIPE with its stack)', async () => {
    // the reading end closed before the program writes: its first write fails, every time
    const child = spawn(process.execPath, ['dist/cli.js', 'count', '--charset', charset, charset], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([status, stderr]).toEqual([0, '']);
  });

  it('a broken charset is reported and exits 1', () => {
    const bad = join(dir, 'bad.charset');
    writeFileSync(bad, '2\nAa\nBa\n');
    const r = cli(['count', '--charset', bad], 'ab');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('[charset/duplicate-character]');
  });
});
