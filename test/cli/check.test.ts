import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../server/cli/commands/index.js';
import { cli } from './run.js';

function tempRuleset(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-check-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const good = {
  'r.charset': '3\nAa\nBb\nEe\n',
  'r.cardset': '6\n[A 1] [A 1] [B 2] [E 1] [E 1] [  0]\n',
  'r.cardtable': '5*5\n(2,2)\n(5,5)\n',
  'r.bonus': '-2:-1\n-1:-1\n0:-1\n1:0\n2:3\n',
  'r.dict': 'ab\nbea\n',
};

describe('cardwords check', () => {
  it('passes every sample ruleset: exit 0, nothing printed but the summary and the seed example\'s one warning', () => {
    const r = cli(['check', 'samples/english', 'samples/german', 'samples/seed-example', 'samples/tiny']);
    // the seed's example dictionary (six words) has no K, and its card set a [K 19]
    expect(r.stdout).toBe("samples/seed-example/example.cardset:4:19: warning: no word has the character 'K': its card can never be laid, only traded or left in a hand [ruleset/unused-card]\n");
    expect(r.stderr).toBe('0 errors, 1 warning\n');
    expect(r.status).toBe(0);
  });

  it('says display columns of the line as written, as GCC does: a combining mark 0, a wide CJK character 2, an astral one 1; JSON keeps the UTF-16 ones beside them', () => {
    // 'a' + U+0308 (as macOS often saves it), then b and z: z is the fourth UTF-16 unit as
    // written (the third after NFC, where the command counted once), the third column shown
    const dir = tempRuleset({ ...good, 'r.dict': 'ab\nbea\na\u0308bz\n\u4e2dz\n\u{1d538}z\n' });
    const r = cli(['check', dir]);
    expect(r.stdout.trim().split('\n').map((l) => l.replace(`${join(dir, 'r.dict')}:`, ''))).toEqual([
      "3:1: error: 'ä' (U+00E4) is not in the charset [dictionary/unknown-character]",
      "3:3: error: 'z' is not in the charset [dictionary/unknown-character]",
      "4:1: error: '中' (U+4E2D) is not in the charset [dictionary/unknown-character]",
      "4:3: error: 'z' is not in the charset [dictionary/unknown-character]",
      "5:1: error: '𝔸' (U+1D538) is not in the charset [dictionary/unknown-character]",
      "5:2: error: 'z' is not in the charset [dictionary/unknown-character]",
    ]);
    const json = JSON.parse(cli(['check', '--format', 'json', join(dir, 'r.dict')]).stdout) as Array<{ line: number; column: number; displayColumn: number }>;
    expect(json.filter((d) => d.line >= 3).map((d) => [d.line, d.column, d.displayColumn])).toEqual([[3, 1, 1], [3, 4, 3], [4, 1, 1], [4, 2, 3], [5, 1, 1], [5, 3, 2]]);
  });

  it('prints compiler-style lines and exits 1 on errors', () => {
    const dir = tempRuleset({ ...good, 'r.cardset': '7\n[A 1] [A 1] [B 2] [E 1] [E 1] [  0]\n' });
    const r = cli(['check', dir]);
    expect(r.status).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${join(dir, 'r.cardset')}:1:1: error: .+ \\[cardset/count-mismatch\\]$`));
    expect(r.stderr).toBe('1 error, 0 warnings\n');
  });

  it('checks a card set alone against the charset beside it', () => {
    const dir = tempRuleset({ ...good, 'r.cardset': '2\n[A 1][Z 2]\n' });
    const r = cli(['check', join(dir, 'r.cardset')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/r\.cardset:2:7: error: .*\[cardset\/unknown-character\]/);
  });

  it('reports too few cards for the players given by --players', () => {
    const dir = tempRuleset(good);
    expect(cli(['check', dir, '--players', '3']).status).toBe(0);
    const r = cli(['check', dir, '--players', '4']);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('[ruleset/not-enough-cards]');
  });

  it('a file given alone is checked with the ruleset of its folder, as the editors check it: --players counts, only its own problems are printed', () => {
    const dir = tempRuleset({ ...good, 'r.cardtable': '2*1\n(-1,-1)\n(2,1)\n', 'r.dict': 'bea\nabe\n' });
    const cards = cli(['check', '--players', '4', join(dir, 'r.cardset')]);
    expect(cards.status).toBe(1);
    expect(cards.stdout.trim().split('\n')).toEqual([expect.stringMatching(/r\.cardset:1:1: error: 6 cards are too few for 4 players with 2 cards each \(the hand size of .*r\.bonus\): at least 8 are needed \[ruleset\/not-enough-cards\]$/)]);
    expect(cli(['check', '--players', '3', join(dir, 'r.cardset')]).status).toBe(0);
    // the table: no word fits it; the other files' problems are not its own
    const table = cli(['check', '--players', '4', join(dir, 'r.cardtable')]);
    expect(table.stdout).toMatch(/r\.cardtable:1:1: warning: no word fits the table: .*\[ruleset\/no-word-fits\]/);
    expect(table.stdout).not.toContain('r.cardset');
    // a file of no ruleset of its folder: alone, as before
    writeFileSync(join(dir, 'other.cardset'), '1\n[A 1]\n');
    expect(cli(['check', '--players', '4', join(dir, 'other.cardset')]).status).toBe(0);
  });

  it('warns of a charset line that makes several letters one (charset/several-letters) and of cards no word can be spelled with (ruleset/no-word-spellable)', () => {
    const dir = tempRuleset({
      ...good,
      'r.charset': '3\nAa\nBb\nEeHh\n',
      'r.cardset': '6\n[B 1] [B 1] [B 2] [B 1] [B 1] [B 0]\n',
      'r.dict': 'ab\nbea\nbh\n',
    });
    const r = cli(['check', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      `${join(dir, 'r.cardset')}:1:1: warning: no word of the dictionaries can be spelled with the cards, which have no wildcard: the nearest, 'AB', needs 1 card the card set does not have ('A'): no move is ever possible [ruleset/no-word-spellable]\n` +
      `${join(dir, 'r.charset')}:4:1: warning: this line makes 'E', 'e', 'H', 'h' one letter, equivalents a word may use alike: a card holds exactly one character, so if EH is a digraph it needs a character of its own (such as Ě), with the dictionary written in it; if they are letters of their own, write each on a line of its own (Ee, Hh) [charset/several-letters]\n`,
    );
    // the card set given alone says its own, and a wildcard spells 'AB'
    expect(cli(['check', join(dir, 'r.cardset')]).stdout).toContain('[ruleset/no-word-spellable]');
    writeFileSync(join(dir, 'r.cardset'), '6\n[B 1] [B 1] [B 2] [B 1] [B 1] [  0]\n');
    expect(cli(['check', dir]).stdout).not.toContain('[ruleset/no-word-spellable]');
  });

  it('a file past the cap of listed problems makes the summary a floor ("1000 or more errors"; it said "1000 errors")', () => {
    const dir = tempRuleset({ ...good, 'r.dict': `ab\n${'axz\n'.repeat(1500)}` });
    const r = cli(['check', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('[file/too-many-diagnostics]');
    expect(r.stderr).toMatch(/^1000 or more errors, \d+ warnings?\n$/);
  });

  it('warnings alone exit 0; --quiet hides them; a word written twice is a hint, counted as neither', () => {
    const dir = tempRuleset({ ...good, 'r.cardset': '6\n[A 100] [A 1] [B 2] [E 1] [E 1] [  0]\n', 'r.dict': 'ab\nbea\nab\n' });
    const r = cli(['check', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/r\.cardset:2:\d+: warning: .*\[cardset\/points-range\]/);
    expect(r.stdout).toMatch(/r\.dict:3:1: hint: 'ab' is also on line 1 \[dictionary\/duplicate-word\]\n/);
    expect(r.stderr).toBe('0 errors, 1 warning\n');
    expect(cli(['check', dir, '-q']).stdout).toBe('');
  });

  it('--format json gives 1-based positions, codes and severities', () => {
    const dir = tempRuleset({ ...good, 'r.dict': 'ab\nz\n' });
    const r = cli(['check', '--format', 'json', dir]);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(out.length).toBeGreaterThan(0);
    for (const d of out) {
      expect(d).toMatchObject({ file: expect.any(String), line: expect.any(Number), column: expect.any(Number), severity: expect.stringMatching(/^(error|warning)$/), code: expect.stringMatching(/^[a-z]+\/[a-z0-9-]+$/) });
    }
    expect(out).toContainEqual(expect.objectContaining({ file: join(dir, 'r.dict'), line: 2, column: 1, endColumn: 2, code: 'dictionary/too-short' }));
    expect(out).toContainEqual(expect.objectContaining({ file: join(dir, 'r.dict'), line: 2, code: 'dictionary/unknown-character' }));
  });

  it('a folder with no ruleset is an error; several base names need a manifest', () => {
    const empty = mkdtempSync(join(tmpdir(), 'cw-empty-'));
    const r = cli(['check', empty]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('[ruleset/not-found]');
    const two = tempRuleset({ ...good, 'other.charset': '1\nA\n' });
    expect(cli(['check', two]).stdout).toContain('several rulesets (other, r)');
  });

  it('a missing file is said once, as missing (it was also "the card table is empty"); no dictionary names the file the words go in', () => {
    const { 'r.cardtable': _table, ...rest } = good;
    const missing = cli(['check', tempRuleset(rest)]);
    expect(missing.status).toBe(1);
    expect(missing.stdout.trim().split('\n')).toEqual([expect.stringMatching(/r\.cardtable:1:1: error: no such file \[file\/unreadable\]$/)]);
    const { 'r.dict': _dict, ...wordless } = good;
    const none = cli(['check', tempRuleset(wordless)]);
    expect(none.stdout).toMatch(/r\.charset:1:1: warning: no dictionary: the ruleset's words go in r\.dict \(or r\.<name>\.dict\) beside its other files/);
    // and the file there whose name is nearly that (it said only where the words go)
    const typo = cli(['check', tempRuleset({ ...wordless, 'r.dic': good['r.dict'] })]);
    expect(typo.stdout).toMatch(/ beside its other files;.*; r\.dic is there: the extension is \.dict, rename it r\.dict \[ruleset\/no-words\]\n$/);
  });

  it('a missing file names the file of its kind under another base name, or in another case', () => {
    const { 'r.bonus': bonus, 'r.cardset': cardset, ...rest } = good;
    const dir = tempRuleset({ ...rest, 'rr.bonus': bonus, 'r.Cardset': cardset });
    const r = cli(['check', dir]);
    expect(r.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/r\.bonus:1:1: error: no such file; rr\.bonus is there: the files of a ruleset share one base name \(r, from r\.charset\), so rename it r\.bonus, or name the files in a ruleset\.json \[file\/unreadable\]$/),
      expect.stringMatching(/r\.cardset:1:1: error: no such file; r\.Cardset is there: file names are case-sensitive, rename it r\.cardset \[file\/unreadable\]$/),
    ]);
    // an extension mistyped: named as a base name mistyped is (it was only "no such file")
    const { 'r.cardtable': table, ...noTable } = good;
    const typo = cli(['check', tempRuleset({ ...noTable, 'r.cardtabel': table })]);
    expect(typo.stdout.trim().split('\n')).toEqual([expect.stringMatching(/r\.cardtable:1:1: error: no such file; r\.cardtabel is there: the extension is \.cardtable, rename it r\.cardtable \[file\/unreadable\]$/)]);
    const { 'r.charset': charset, ...noCharset } = good;
    const upper = cli(['check', tempRuleset({ ...noCharset, 'r.Charset': charset })]);
    expect(upper.stdout).toMatch(/: error: no ruleset here \(no \.charset file and no ruleset\.json\); r\.Charset is there, but the extension is \.charset, in lower case \[ruleset\/not-found\]\n$/);
  });

  it('a manifest names the files explicitly', () => {
    const dir = tempRuleset({ ...good, 'other.charset': '1\nA\n' });
    writeFileSync(join(dir, 'ruleset.json'), JSON.stringify({ charset: 'r.charset', cardset: 'r.cardset', cardtable: 'r.cardtable', bonus: 'r.bonus', dictionaries: ['r.dict'] }));
    const r = cli(['check', dir]);
    expect(r.stderr).toBe('0 errors, 0 warnings\n');
    expect(r.status).toBe(0);
  });

  it('usage errors exit 2 with a message', () => {
    for (const args of [['check'], ['check', '/no/such/path'], ['check', '--format', 'xml', 'samples/tiny'], ['check', '--bogus', 'samples/tiny'], ['check', 'package.json']]) {
      const r = cli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^cardwords check: .+\nRun `cardwords check --help` for usage\.\n$/);
    }
  });

  it('binary and invalid UTF-8 files get diagnostics, not a crash', () => {
    const dir = tempRuleset(good);
    writeFileSync(join(dir, 'r.cardtable'), Buffer.from([0xff, 0xfe, 0x00, 0x01, 0xc3, 0x28, 0x0a]));
    const r = cli(['check', dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/r\.cardtable:\d+:\d+: error: /);
    expect(r.stderr).not.toContain('internal error');
  });

  it('a binary file is its file/binary error alone; a file says at most 1000 problems and the cap once (a random x.dict listed 1502, the cap twice, the binary error at line 8)', () => {
    const dir = tempRuleset(good);
    // deterministic noise: a linear congruential generator, 64 KB
    const noise = Buffer.alloc(65_536);
    for (let i = 0, x = 1; i < noise.length; i++) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      noise[i] = x >>> 24;
    }
    expect(noise.includes(0)).toBe(true);
    // a file alone, and the ruleset's own dictionary (read by the ruleset's loader)
    writeFileSync(join(dir, 'x.dict'), noise);
    writeFileSync(join(dir, 'r.dict'), noise);
    const binary = cli(['check', dir, join(dir, 'x.dict')]);
    expect(binary.stdout.replaceAll(`${dir}/`, '')).toMatch(/^r\.dict:\d+:\d+: error: the file contains NUL bytes: it looks like a binary file, not text \[file\/binary\]\nx\.dict:\d+:\d+: error: [^\n]+\[file\/binary\]\n$/);
    expect(binary.stderr).toBe('2 errors, 0 warnings\n');
    // the ruleset's loader (playtest, moves, a server) refuses it with that error alone: its
    // bytes read as lines made "besides, 26 words of the dictionaries are left out"
    const refused = cli(['playtest', '--games', '1', dir]);
    expect(refused.stderr.replaceAll(`${dir}/`, '')).toMatch(/^cardwords playtest: the ruleset [^\n]+ cannot be played:\nr\.dict:\d+:\d+: error: [^\n]+\[file\/binary\]\n$/);
    // without its NUL bytes: invalid bytes and broken words, 1000 of them and the cap once
    writeFileSync(join(dir, 'x.dict'), noise.map((b) => b || 1));
    const capped = cli(['check', join(dir, 'x.dict')]);
    const lines = capped.stdout.trim().split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines.filter((l) => l.endsWith('[file/too-many-diagnostics]'))).toEqual([lines[1000]]);
    expect(capped.stderr).toBe('1000 or more errors, 1 warning\n');
  });

  it('a UTF-16 file is one error, not one per zero byte; a Latin-1 one is one error with the count, not two per bad byte', () => {
    const dir = tempRuleset(good);
    writeFileSync(join(dir, 'r.dict'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab\nbea\n', 'utf16le')]));
    const u = cli(['check', dir]);
    expect(u.stdout.trim().split('\n')).toEqual([expect.stringMatching(/r\.dict:1:1: error: the file is UTF-16 \(little-endian\), not UTF-8: Cardwords files are UTF-8; save it as UTF-8 \[file\/utf16\]$/)]);
    expect(u.status).toBe(1);
    writeFileSync(join(dir, 'r.charset'), Buffer.from('4\nAa\nBb\nEe\n\xd1\xf1\n', 'latin1'));
    writeFileSync(join(dir, 'r.dict'), Buffer.from('ab\nbe\xf1a\n\xf1a\n', 'latin1'));
    const l = cli(['check', dir]);
    expect(l.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/r\.charset:5:1: error: the file is not UTF-8: it looks like Latin-1 or Windows-1252 \(2 bytes are not UTF-8; this one, D1, reads 'Ñ' \(U\+00D1\) there\): save it as UTF-8 \[file\/invalid-utf8\]$/),
      expect.stringMatching(/r\.dict:2:3: error: the file is not UTF-8: it looks like Latin-1 or Windows-1252 \(2 bytes are not UTF-8; this one, F1, reads 'ñ' \(U\+00F1\) there\): save it as UTF-8 \[file\/invalid-utf8\]$/),
    ]);
    // UTF-8 with a stray bad byte: that byte's error, without "'�' (U+FFFD) is not in the charset" beside it
    writeFileSync(join(dir, 'r.dict'), Buffer.concat([Buffer.from('ab\nbeña\n'), Buffer.from([0xf1, 0x61, 0x0a])]));
    const m = cli(['check', join(dir, 'r.dict')]);
    expect(m.stdout.trim().split('\n')).toEqual([expect.stringMatching(/r\.dict:3:1: error: invalid UTF-8 byte sequence, replaced by U\+FFFD \[file\/invalid-utf8\]$/)]);
  });
});

describe('every command', () => {
  for (const name of Object.keys(commands)) {
    it(`${name} answers --help and --version`, () => {
      const h = cli([name, '--help']);
      expect(h.status).toBe(0);
      expect(h.stdout).toMatch(new RegExp(`^Usage: cardwords ${name}`));
      const v = cli([name, '--version']);
      expect(v.status).toBe(0);
      expect(v.stdout).toMatch(/^cardwords \d+\.\d+\.\d+\n$/);
    });
  }

  it('the bare program lists the commands; an unknown one exits 2', () => {
    const r = cli(['--help']);
    expect(r.status).toBe(0);
    for (const name of Object.keys(commands)) expect(r.stdout).toContain(`  ${name}`);
    expect(cli(['frobnicate']).status).toBe(2);
  });
});
