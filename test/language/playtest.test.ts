// cardwords/playtest through the real language server: the report, $/progress on the
// client's token, cancellation, bad parameters.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CancellationTokenSource, ResponseError } from 'vscode-jsonrpc/node';
import type { Hover } from 'vscode-languageserver-protocol';
import { DISTRIBUTION_METHOD, PLAYTEST_METHOD, type DistributionStats, type PlaytestReport } from '../../core/protocol/language.js';
import { cardFigures } from '../../core/robots/cardwords/findings.js';
import { LspClient } from './client.js';
import { tinyRuleset, type Fixture } from './fixtures.js';

let client: LspClient;
let fx: Fixture;
const cache = mkdtempSync(join(tmpdir(), 'cardwords-lsp-cache-'));
const progress: Array<{ token: string | number; value: { kind: string; percentage?: number; message?: string } }> = [];
let hook: ((p: (typeof progress)[number]) => void) | null = null;

let cacheBefore: string | undefined;
beforeAll(async () => {
  fx = tinyRuleset();
  cacheBefore = process.env.CARDWORDS_CACHE_DIR;
  process.env.CARDWORDS_CACHE_DIR = cache;
  client = new LspClient();
  // one handler (a second one would replace it): records, then tells the test that waits
  client.conn.onNotification('$/progress', (p: (typeof progress)[number]) => {
    progress.push(p);
    hook?.(p);
  });
  await client.initialize({ players: 2 });
});

afterAll(async () => {
  // the worker runs other files after this one (vitest.config.ts): the suites' cache again
  if (cacheBefore === undefined) delete process.env.CARDWORDS_CACHE_DIR;
  else process.env.CARDWORDS_CACHE_DIR = cacheBefore;
  await client.stop();
  fx.remove();
  rmSync(cache, { recursive: true, force: true });
});

describe('cardwords/playtest', () => {
  it('answers the report and reports progress on the client token', async () => {
    const r = await client.request<PlaytestReport>(PLAYTEST_METHOD, { uri: fx.uri('tiny.cardset'), games: 12, seed: 'lsp', workDoneToken: 'pt-1' }, 120_000);
    expect(r.games).toBe(12);
    expect(r.ruleset.name).toBe('tiny');
    expect(r.cards.find((c) => c.card === '[  0]')!.copies).toBe(2);
    const mine = progress.filter((p) => p.token === 'pt-1').map((p) => p.value);
    expect(mine[0]!.kind).toBe('begin');
    expect(mine.at(-1)!.kind).toBe('end');
    const reports = mine.filter((v) => v.kind === 'report');
    expect(reports.at(-1)!.message).toBe('tiny: game 12 of 12');
    expect(reports.map((v) => v.percentage!)).toEqual(reports.map((v) => v.percentage!).sort((a, b) => a - b));
    // the same seed, the same report (the card values now come from the cache)
    const again = await client.request<PlaytestReport>(PLAYTEST_METHOD, { uri: fx.uri('tiny.bonus'), games: 12, seed: 'lsp' }, 120_000);
    expect(again).toEqual(r);
  });

  it('the card set\'s hover quotes the last playtest of the ruleset as saved: how often the card was laid, traded and left in a hand', async () => {
    const r = await client.request<PlaytestReport>(PLAYTEST_METHOD, { uri: fx.uri('tiny.cardset'), games: 12, seed: 'lsp' }, 120_000);
    client.open(fx.uri('tiny.cardset'), readFileSync(fx.path('tiny.cardset'), 'utf8'));
    const hover = async () => {
      // [B 3], the first card of the third line
      const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri: fx.uri('tiny.cardset') }, position: { line: 2, character: 1 } });
      return h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    };
    const b = r.cards.find((c) => c.card === '[B 3]')!;
    const one = (x: number) => x.toFixed(1);
    // laid and stuck as every report rounds them, together (never more than the copies)
    const shown = cardFigures(b);
    const said = `**in the last playtest** (12 games): \`[B 3]\` laid in ${Math.round(b.laidShare * 1000) / 10}% of its copies; per game ${one(shown.laid)} laid, ${one(b.traded)} traded and ${one(shown.stuck)} left in a hand at the end`;
    expect((await hover()).split('\n\n')).toContain(said);
    // the ruleset changed on disk (one more card): that playtest is not this ruleset's, and is not quoted
    const saved = readFileSync(fx.path('tiny.cardset'), 'utf8');
    const cardset = saved.split('\n');
    cardset[0] = String(Number(cardset[0]) + 1);
    writeFileSync(fx.path('tiny.cardset'), `${cardset.join('\n').trimEnd()}\n[A 1]\n`);
    try {
      await expect.poll(async () => (await hover()).includes('in the last playtest'), { timeout: 30_000 }).toBe(false);
    } finally {
      writeFileSync(fx.path('tiny.cardset'), saved);
    }
  });

  it('stops when cancelled and answers RequestCancelled; the server goes on answering', async () => {
    const source = new CancellationTokenSource();
    let seen = 0;
    hook = (p) => {
      if (p.token === 'pt-2' && p.value.kind === 'report' && /game \d+ of/.test(p.value.message ?? '') && ++seen === 3) source.cancel();
    };
    const answer = client.conn.sendRequest(PLAYTEST_METHOD, { uri: fx.uri('tiny.cardset'), games: 10_000, workDoneToken: 'pt-2' }, source.token);
    const err = await answer.then(
      () => null,
      (e: unknown) => e,
    );
    hook = null;
    expect(err).toBeInstanceOf(ResponseError);
    expect((err as ResponseError<void>).code).toBe(-32800);
    expect(seen).toBeGreaterThanOrEqual(3);
    // it stopped long before 10,000 games: the last game reported is far below
    const last = progress.filter((p) => p.token === 'pt-2' && p.value.kind === 'report').at(-1)!.value.message!;
    expect(Number(/game (\d+)/.exec(last)![1])).toBeLessThan(1000);
    const s = await client.request<DistributionStats>(DISTRIBUTION_METHOD, { uri: fx.uri('tiny.cardset') });
    expect(s.totalCards).toBe(24);
  });

  it('refuses a ruleset with errors, listing them as cardwords check prints them (file:line:col), the first ten and how many more', async () => {
    const broken = tinyRuleset();
    try {
      writeFileSync(broken.path('tiny.cardset'), '2\n[A 1]\n');
      const two = await client.request(PLAYTEST_METHOD, { uri: broken.uri('tiny.bonus') }).then(() => null, (e: unknown) => e as ResponseError<void>);
      expect(two?.code).toBe(-32602);
      expect(two?.message).toBe(`the ruleset ${broken.dir} cannot be played:\n${broken.path('tiny.cardset')}:1:1: error: 2 cards are declared but 1 is listed [cardset/count-mismatch]\n${broken.path('tiny.cardset')}:1:1: error: 1 card is too few for 2 players with 4 cards each (the hand size of ${broken.path('tiny.bonus')}): at least 8 are needed [ruleset/not-enough-cards]`);
      // too few cards for the players asked: the ruleset's error, in check --players's form
      const seven = await client.request(PLAYTEST_METHOD, { uri: fx.uri('tiny.bonus'), players: 7 }).then(() => null, (e: unknown) => e as ResponseError<void>);
      expect(seven?.message).toBe(`the ruleset ${fx.dir} cannot be played:\n${fx.path('tiny.cardset')}:1:1: error: 24 cards are too few for 7 players with 4 cards each (the hand size of ${fx.path('tiny.bonus')}): at least 28 are needed [ruleset/not-enough-cards]`);
      writeFileSync(broken.path('tiny.cardset'), `13\n${'[A1] '.repeat(13)}\n`);
      const many = await client.request(PLAYTEST_METHOD, { uri: broken.uri('tiny.bonus') }).then(() => null, (e: unknown) => e as ResponseError<void>);
      const lines = many!.message.split('\n');
      expect(lines).toHaveLength(12);
      expect(lines[1]).toMatch(new RegExp(`^${broken.path('tiny.cardset').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:3: error: .*\\[cardset/missing-space\\]$`));
      expect(lines[11]).toBe(`... and 3 more (cardwords check ${broken.dir} lists them all)`);
    } finally {
      broken.remove();
    }
  });

  it('refuses a ruleset whose cards spell no word, with check\'s warning', async () => {
    const vowelless = tinyRuleset();
    try {
      writeFileSync(vowelless.path('tiny.cardset'), `24\n${'[B 3] [N 1] [S 1] [T 1]\n'.repeat(6)}`);
      await expect(client.request(PLAYTEST_METHOD, { uri: vowelless.uri('tiny.cardset') })).rejects.toThrow(
        "no word of the dictionaries can be spelled with the cards, which have no wildcard: the nearest, 'AT', needs 1 card the card set does not have ('A'): no move is ever possible (cardwords check says so too)",
      );
    } finally {
      vowelless.remove();
    }
  });

  it('refuses bad parameters with a clear error', async () => {
    await expect(client.request(PLAYTEST_METHOD, { uri: fx.uri('tiny.cardset'), games: 0 })).rejects.toThrow(/games must be a whole number from 1 to 100000/);
    // the command line's bound (cardwords playtest --games), one for both
    await expect(client.request(PLAYTEST_METHOD, { uri: fx.uri('tiny.cardset'), games: 100_001 })).rejects.toThrow(/games must be a whole number from 1 to 100000/);
    await expect(client.request(PLAYTEST_METHOD, { uri: fx.uri('tiny.cardset'), level: 'god' })).rejects.toThrow(/level must be one of/);
    await expect(client.request(PLAYTEST_METHOD, { uri: 7 })).rejects.toThrow(/uri/);
    await expect(client.request(PLAYTEST_METHOD, { uri: fx.uri('none/x.cardset') })).rejects.toThrow(/cannot be played/);
  });
});
