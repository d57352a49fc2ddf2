// `cardwords moves` as users run it (the built CLI in a real process), against the issue's
// spec: --ruleset DIR --position FILE [--all | --top N] [--json] [--repeat N].
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkMove } from '../../core/games/cardwords/rules.js';
import { parsePosition } from '../../core/games/cardwords/position.js';
import { bestMoves, generateMoves } from '../../core/robots/cardwords/generate.js';
import { cli } from '../cli/run.js';
import { sample, type Loaded } from './games.js';

const dir = mkdtempSync(join(tmpdir(), 'cardwords-moves-'));
const env = { CARDWORDS_CACHE_DIR: join(dir, 'cache') };
const TINY = 'samples/tiny';

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const MID = JSON.stringify({ table: { '3,3': '[A 1]', '4,3': '[T 1]', '3,4': '[N 1]' }, hand: '[B 3] [E 1] [  0] [S 1]' });

interface JsonMove {
  score: number;
  cards?: Record<string, string>;
  words?: string[];
  action?: string;
}

function moves(args: string[], input?: string): JsonMove[] {
  const r = cli(['moves', ...args, '--json'], input, env);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as JsonMove[];
}

let tiny: Loaded;
beforeAll(async () => {
  tiny = await sample(TINY);
});

describe('cardwords moves', () => {
  it('--json lists the best moves first in the issue format', () => {
    const out = moves(['--ruleset', TINY, '--position', file('mid.json', MID), '--top', '5']);
    expect(out.length).toBe(5);
    for (const m of out) {
      expect(Object.keys(m).sort()).toEqual(['cards', 'score', 'words']);
      for (const [cell, card] of Object.entries(m.cards!)) {
        expect(cell).toMatch(/^\d+,\d+$/);
        expect(card).toMatch(/^\[(. -?\d+| .-?\d+)\]$/);
      }
      expect(m.words!.length).toBeGreaterThan(0);
    }
    for (let i = 1; i < out.length; i++) expect(out[i]!.score).toBeLessThanOrEqual(out[i - 1]!.score);
    const pos = parsePosition(MID, tiny.ruleset.table, tiny.ruleset.canonical);
    const best = bestMoves({ table: tiny.rules.table, bonus: tiny.rules.bonus, store: tiny.store }, pos.board, pos.hand);
    expect(out[0]!.score).toBe(best[0]!.score);
    // the default is the 10 best
    expect(moves(['--ruleset', TINY, '--position', file('mid.json', MID)]).length).toBe(10);
    expect(moves(['--ruleset', TINY, '--position', file('mid.json', MID), '--top', '1'])).toEqual([out[0]]);
  });

  it('--all lists every legal laying move exactly once, with exact scores, and no trade or pass', () => {
    const out = moves(['--ruleset', TINY, '--position', file('mid.json', MID), '--all']);
    const pos = parsePosition(MID, tiny.ruleset.table, tiny.ruleset.canonical);
    const ctx = { table: tiny.rules.table, bonus: tiny.rules.bonus, isChar: tiny.rules.isChar };
    expect(out.length).toBe(generateMoves({ ...ctx, store: tiny.store }, pos.board, pos.hand).length);
    const keys = new Set<string>();
    for (const m of out) {
      expect(m.action).toBeUndefined();
      const key = JSON.stringify(Object.entries(m.cards!).sort());
      expect(keys.has(key)).toBe(false);
      keys.add(key);
      const placed = Object.entries(m.cards!).map(([cell, card]) => {
        const [col, row] = cell.split(',').map(Number) as [number, number];
        return { col, row, card: parsePosition(JSON.stringify({ table: { [cell]: card }, hand: '' }), tiny.ruleset.table, tiny.ruleset.canonical).board.cells[row * 7 + col]! };
      });
      const r = checkMove(ctx, pos.board, pos.hand, placed, (w) => tiny.store.has(w));
      expect(r.ok && r.score.total).toBe(m.score);
      expect(r.ok && [...r.words].sort()).toEqual([...m.words!].sort());
    }
  });

  it('puts a pass or trade first when it beats every move; --all lists none', () => {
    const none = file('none.json', JSON.stringify({ table: {}, hand: '[B 3] [B 3]' }));
    expect(moves(['--ruleset', TINY, '--position', none])).toEqual([{ score: -1, action: 'pass' }]);
    expect(moves(['--ruleset', TINY, '--position', none, '--all'])).toEqual([]);
    const r = cli(['moves', '--ruleset', TINY, '--position', none], undefined, env);
    expect(r.stdout).toBe('   -1  pass\n');
  });

  it('reads the position from standard input and prints text without --json', () => {
    const r = cli(['moves', '--ruleset', TINY, '--position', '-', '--top', '2'], MID, env);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(2);
    expect(lines[0]).toMatch(/^\s+\d+ {2}[A-Z]+( [A-Z]+)* {2}\d+,\d+ \[/);
  });

  it('works on the seed example table (19*10, the first move touches column 10)', () => {
    const out = moves(['--ruleset', 'samples/seed-example', '--position', file('seed.json', JSON.stringify({ table: {}, hand: '[E 1] [A 6] [  0] [K 19]' })), '--all']);
    expect(out.length).toBeGreaterThan(0);
    for (const m of out) {
      expect(Object.keys(m.cards!).some((cell) => cell.startsWith('10,'))).toBe(true);
      for (const w of m.words!) expect(['EAT', 'SO', 'JAW']).toContain(w);
    }
  });

  it('--repeat N loads once, generates N times, prints once, with load-ms and moves-ms lines', () => {
    const p = file('mid.json', MID);
    const once = cli(['moves', '--ruleset', TINY, '--position', p, '--json'], undefined, env);
    const r = cli(['moves', '--ruleset', TINY, '--position', p, '--json', '--repeat', '4'], undefined, env);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(once.stdout);
    const lines = r.stderr.trim().split('\n');
    expect(lines.filter((l) => /^load-ms: \d+(\.\d+)?$/.test(l)).length).toBe(1);
    expect(lines.filter((l) => /^moves-ms: \d+(\.\d+)?$/.test(l)).length).toBe(4);
    expect(lines.length).toBe(5);
    expect(readdirSync(env.CARDWORDS_CACHE_DIR).some((f) => f.endsWith('.cwkg'))).toBe(true);
  });

  it('explains malformed positions and exits 1', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['not json', '{"table": ', /not valid JSON.*\[position\/json\]/],
      ['array', '[]', /\[position\/shape\]/],
      ['unknown key', '{"hand": "", "cards": {}}', /unknown key "cards".*\[position\/shape\]/],
      ['bad cell key', '{"table": {"a,1": "[A 1]"}, "hand": ""}', /table key "a,1".*\[position\/cell\]/],
      ['off the table', '{"table": {"7,0": "[A 1]"}, "hand": ""}', /off the 7\*7 table.*\[position\/cell\]/],
      ['blocked', '{"table": {"0,0": "[A 1]"}, "hand": ""}', /0,0 is blocked.*\[position\/cell\]/],
      ['bad card', '{"table": {"1,1": "[A1]"}, "hand": ""}', /\[position\/card\]/],
      ['unknown char', '{"table": {"1,1": "[Q 1]"}, "hand": ""}', /'Q'.*not in the charset.*\[position\/card\]/],
      ['wildcard without meaning', '{"table": {"1,1": "[  0]"}, "hand": ""}', /needs its meaning.*\[position\/card\]/],
      ['no hand', '{"table": {}}', /"hand" must be a string.*\[position\/hand\]/],
      ['hand with meaning', '{"hand": "[ E0]"}', /no meaning yet.*\[position\/hand\]/],
      ['bad pile', '{"hand": "", "pile": -1}', /"pile".*\[position\/shape\]/],
      // tiny's hand size is 4: a hand of 5 once ranked "trade" all 5 at 0, a trade no game makes
      ['hand over the hand size', '{"table": {"3,3": "[A 1]"}, "hand": "[S 1] [S 1] [S 1] [E 1] [E 1]"}', /hand: 5 cards, but the ruleset's hand size is 4 \[position\/hand\]/],
      ['card not in the card set', '{"table": {"3,3": "[A 7]"}, "hand": ""}', /table cell 3,3: the card set has no \[A 7\] \(it has \[A 1\] \[A 2\]\) \[position\/card\]/],
      ['wildcard not in the card set', '{"table": {"3,3": "[ E5]"}, "hand": ""}', /table cell 3,3: the card set has no \[ {2}5\] \(it has \[ {2}0\] \[ {2}-2\] \[ {2}3\]\) \[position\/card\]/],
      ['hand card not in the card set', '{"hand": "[B 1]"}', /hand: the card set has no \[B 1\] \(it has \[B 3\]\) \[position\/card\]/],
      ['more copies than the card set', '{"table": {"3,3": "[B 3]"}, "hand": "[B 3] [B 3]"}', /3 cards \[B 3\] on the table and in the hand, but the card set holds 2 \[position\/card\]/],
    ];
    for (const [name, text, re] of cases) {
      const p = file(`bad-${name.replace(/ /g, '-')}.json`, text);
      const r = cli(['moves', '--ruleset', TINY, '--position', p], undefined, env);
      expect(r.status, `${name}: ${r.stderr}`).toBe(1);
      expect(r.stdout, name).toBe('');
      expect(r.stderr, name).toMatch(re);
      expect(r.stderr, name).toContain(p);
    }
    // --equity reads the same position: refused before any learning
    const big = cli(['moves', '--ruleset', TINY, '--position', file('big.json', '{"hand": "[S 1] [S 1] [S 1] [E 1] [E 1]"}'), '--equity'], undefined, env);
    expect([big.status, big.stdout]).toEqual([1, '']);
    expect(big.stderr).toMatch(/hand size is 4 \[position\/hand\]/);
    const missing = cli(['moves', '--ruleset', TINY, '--position', join(dir, 'missing.json')], undefined, env);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read/);
    const noRuleset = cli(['moves', '--ruleset', join(dir, 'nowhere'), '--position', file('mid.json', MID)], undefined, env);
    expect(noRuleset.status).toBe(1);
    expect(noRuleset.stderr).toMatch(/no such file or folder/);
  });

  it('warns of a table whose cards are not joined, and lists its moves', () => {
    // no game lays such a table, but a move need only touch one card: the analysis holds
    const p = file('apart.json', JSON.stringify({ table: { '2,2': '[A 1]', '4,4': '[T 1]' }, hand: '[E 1] [S 1]' }));
    const r = cli(['moves', '--ruleset', TINY, '--position', p, '--json'], undefined, env);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`cardwords moves: ${p}: warning: the table's cards lie in 2 groups not joined to each other, which no game lays; the moves are listed all the same [position/disconnected]\n`);
    expect((JSON.parse(r.stdout) as JsonMove[]).length).toBeGreaterThan(0);
  });

  it('refuses bad usage with exit 2', () => {
    const p = file('mid.json', MID);
    for (const args of [['--position', p], ['--ruleset', TINY], ['--ruleset', TINY, '--position', p, '--all', '--top', '3'], ['--ruleset', TINY, '--position', p, '--top', '0'], ['--ruleset', TINY, '--position', p, '--bogus']]) {
      const r = cli(['moves', ...args], undefined, env);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).not.toBe('');
    }
    // a negative number: the range message of 0, not node's "argument is ambiguous"
    for (const top of ['0', '-1']) expect(cli(['moves', '--ruleset', TINY, '--position', p, '--top', top], undefined, env).stderr).toContain(`--top must be between 1 and 1000000, not ${top}`);
    const help = cli(['moves', '--help'], undefined, env);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--repeat N');
  });
});
