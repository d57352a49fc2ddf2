// The learned card values on a card set through the real language server: inlay hints and
// hovers from a model in the cache (written here, with the key the robots compute for the
// ruleset), and the way to learn them when the cache has none.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hover, InlayHint } from 'vscode-languageserver-protocol';
import { rulesFromRuleset } from '../../core/games/cardwords/setup.js';
import { LEAVES_VERSION, type LeaveModel } from '../../core/robots/cardwords/leaves.js';
import { leavesFile, leavesKey } from '../../server/robots/leaves.js';
import { loadRulesetDir } from '../../server/ruleset/fs.js';
import { LspClient } from './client.js';
import { tinyRuleset, type Fixture } from './fixtures.js';

let client: LspClient;
let fx: Fixture;
const cache = mkdtempSync(join(tmpdir(), 'cardwords-lsp-learned-'));
const ALL = { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } };
const hoverText = (h: Hover | null) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');
const valueHints = (hs: InlayHint[]) => hs.filter((h) => /kept|behalten/.test(String(h.label))).map((h) => [h.label, h.position.line, h.position.character]);

// The tiny card set's kinds, each with a value (a model as the learner writes it).
const VALUES: Record<string, number> = { 'A 1': 3.4, 'A 2': 1.2, 'B 3': -0.8, 'E 1': 2, 'E 0': 0.5, 'N 1': 0.6, 'N 2': 0.3, 'S 1': 1.9, 'T 1': 1.1, 'T 2': 0.2, 'T -1': -2.2, '*0': 9.5, '*-2': -1.5, '*3': 7 };
const KINDS = Object.keys(VALUES);
const at = (k: string) => KINDS.indexOf(k);

async function writeModel(): Promise<string> {
  const { ruleset } = await loadRulesetDir(fx.dir);
  const key = leavesKey(ruleset!, rulesFromRuleset(ruleset!));
  const model: LeaveModel = {
    version: LEAVES_VERSION,
    key,
    kinds: KINDS,
    single: KINDS.map((k) => VALUES[k]!),
    pairs: [
      [at('A 1'), at('A 1'), -2.5],
      [at('A 1'), at('E 1'), 1.5],
      [at('A 1'), at('S 1'), 0.7],
      [at('A 1'), at('N 1'), 0.2],
      [at('A 1'), at('B 3'), -0.6],
      [at('A 1'), at('T -1'), -1.1],
    ],
    triples: [[at('E 1'), -3]],
    games: 300,
    samples: 12_345,
  };
  writeFileSync(leavesFile(key, cache), JSON.stringify(model));
  return key;
}

let cacheBefore: string | undefined;
beforeAll(async () => {
  fx = tinyRuleset();
  cacheBefore = process.env.CARDWORDS_CACHE_DIR;
  process.env.CARDWORDS_CACHE_DIR = cache;
  client = new LspClient();
  await client.initialize({ players: 2 });
  client.open(fx.uri('tiny.cardset'), readFileSync(fx.path('tiny.cardset'), 'utf8'));
});

afterAll(async () => {
  // the worker runs other files after this one (vitest.config.ts): the suites' cache again
  if (cacheBefore === undefined) delete process.env.CARDWORDS_CACHE_DIR;
  else process.env.CARDWORDS_CACHE_DIR = cacheBefore;
  await client.stop();
  fx.remove();
  rmSync(cache, { recursive: true, force: true });
});

describe('learned card values on the card set', () => {
  const uri = () => fx.uri('tiny.cardset');
  const hints = () => client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri() }, range: ALL });
  const hover = async (line: number, character: number) => hoverText(await client.request<Hover>('textDocument/hover', { textDocument: { uri: uri() }, position: { line, character } }));

  it('without a learned model: no value hints, and the hover says which command learns them', async () => {
    const h = await hints();
    expect(valueHints(h)).toEqual([]);
    expect(h.map((x) => x.label)).toEqual(['4 cards', '6 cards', '10 cards', '13 cards', '16 cards', '20 cards', '24 cards']);
    const text = await hover(2, 1);
    expect(text).toContain('**B** worth 3');
    expect(text).toContain(`card values not learned yet: \`cardwords playtest ${fx.dir}\``);
  });

  it('with the model in the cache: a value hint after each kind of card, and the value with its pairs in the hover', async () => {
    await writeModel();
    const h = await hints();
    expect(valueHints(h)).toEqual([
      ['+3.4 pts kept', 1, 17],
      ['+1.2 pts kept', 1, 23],
      ['-0.8 pts kept', 2, 11],
      ['+2.0 pts kept', 3, 17],
      ['+0.5 pts kept', 3, 23],
      ['+0.6 pts kept', 4, 11],
      ['+0.3 pts kept', 4, 17],
      ['+1.9 pts kept', 5, 17],
      ['+1.1 pts kept', 6, 11],
      ['+0.2 pts kept', 6, 17],
      ['-2.2 pts kept', 6, 24],
      ['+9.5 pts kept', 7, 11],
      ['-1.5 pts kept', 7, 18],
      ['+7.0 pts kept', 7, 24],
    ]);
    expect(h.find((x) => x.label === '+3.4 pts kept')!.tooltip).toBe('the points the robot expects from keeping one [A 1] in its hand, learned by self-play over 300 games');
    // the running counts stay
    expect(h.filter((x) => /cards$/.test(String(x.label)))).toHaveLength(7);

    const a = await hover(1, 1);
    expect(a.split('\n\n').slice(-3)).toEqual([
      '**learned value +3.4**: the points the robot expects from keeping one `[A 1]` in its hand rather than drawing a fresh card, learned by self-play over 300 games',
      'best kept together with `[E 1]` +1.5, `[S 1]` +0.7 (the extra points of the pair)',
      'worst kept together with another `[A 1]` -2.5, `[T -1]` -1.1',
    ]);
    // three or more copies kept: the triple's value, for E only (the model has no other)
    expect((await hover(3, 1)).split('\n\n').at(-1)).toBe('three or more `[E 1]` kept: -3.0 extra points');
    expect(a).not.toContain('three or more');
    const wild = await hover(7, 13);
    expect(wild).toContain('**wildcard** worth -2');
    expect(wild).toContain('**learned value -1.5**');
    expect(wild).not.toContain('kept together');
  });

  it('a card the learned ruleset has not: no hint, and the hover says so', async () => {
    client.change(uri(), [{ text: '25\n[A 1] [A 1] [A 1] [A 2]\n[B 3] [B 3] [B 7]\n[E 1] [E 1] [E 1] [E 0]\n[N 1] [N 1] [N 2]\n[S 1] [S 1] [S 1]\n[T 1] [T 1] [T 2] [T -1]\n[  0] [  0] [  -2] [  3]\n' }]);
    expect(valueHints(await hints()).filter((x) => x[1] === 2)).toEqual([['-0.8 pts kept', 2, 11]]);
    expect(await hover(2, 13)).toContain('no learned value: the values were learned for the ruleset as saved, which has no such card');
    client.change(uri(), [{ text: readFileSync(fx.path('tiny.cardset'), 'utf8') }]);
  });

  it('a ruleset changed on disk since the values were learned reads as not learned, and as learned again once restored', async () => {
    const saved = readFileSync(fx.path('tiny.cardset'), 'utf8');
    writeFileSync(fx.path('tiny.cardset'), saved.replace('[B 3] [B 3]', '[B 13] [B 13]'));
    expect(valueHints(await hints())).toEqual([]);
    expect(await hover(1, 1)).toContain('card values not learned yet');
    writeFileSync(fx.path('tiny.cardset'), saved);
    expect(valueHints(await hints())).toHaveLength(14);
    expect(await hover(1, 1)).toContain('**learned value +3.4**');
  });

  it('in the client language', async () => {
    const de = new LspClient();
    try {
      await de.initialize({ players: 2 }, { locale: 'de' });
      de.open(uri(), readFileSync(fx.path('tiny.cardset'), 'utf8'));
      const h = await de.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri() }, range: ALL });
      expect(valueHints(h).slice(0, 2)).toEqual([
        ['+3,4 Pkt. behalten', 1, 17],
        ['+1,2 Pkt. behalten', 1, 23],
      ]);
    } finally {
      await de.stop();
    }
  });
});
