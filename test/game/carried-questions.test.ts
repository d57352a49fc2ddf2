// The owner's questions that outlive their game (server/game/carried-questions.ts), on both
// stores: a data folder, and a real redis-server. The same behaviour: merged names, the
// bounds, settling, rulesets apart; the file store's writes one after another and a damaged
// file read as empty.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { FileCarriedQuestions, MAX_CARRIED, MAX_PENDING_PER_WORD, RedisCarriedQuestions, type CarriedQuestions } from '../../server/game/carried-questions.js';
import { tempDir } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';

let redis: RedisProcess | null = null;
let client: Redis | null = null;
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

const stores: Array<[string, () => Promise<CarriedQuestions>]> = [
  ['a data folder', async () => new FileCarriedQuestions(tempDir())],
  [
    'Redis',
    async () => {
      redis ??= await startRedis();
      client ??= new Redis(redis.url);
      await client.flushall();
      return new RedisCarriedQuestions(client);
    },
  ],
];

describe.each(stores)('questions of ended games, kept in %s', (_name, make) => {
  it('merges the players of a word, keeps rulesets apart, and forgets a word once settled', async () => {
    const q = await make();
    expect(await q.list('tiny')).toEqual(new Map());
    await q.carry('tiny', new Map([['BEAT', ['Bob']], ['TABS', ['Ann', 'Bob']]]));
    await q.carry('tiny', new Map([['BEAT', ['Eve', 'Bob']]]));
    await q.carry('english', new Map([['QAT', ['Zoe']]]));
    expect(await q.list('tiny')).toEqual(new Map([['BEAT', ['Bob', 'Eve']], ['TABS', ['Ann', 'Bob']]]));
    expect(await q.list('english')).toEqual(new Map([['QAT', ['Zoe']]]));
    await q.settle('tiny', ['BEAT', 'NONE']);
    expect(await q.list('tiny')).toEqual(new Map([['TABS', ['Ann', 'Bob']]]));
    await q.settle('tiny', ['TABS']);
    expect(await q.list('tiny')).toEqual(new Map());
    expect(await q.list('english')).toEqual(new Map([['QAT', ['Zoe']]]));
  });

  it(`keeps at most ${MAX_CARRIED} words a ruleset (the first ones) and ${MAX_PENDING_PER_WORD} players a word`, async () => {
    const q = await make();
    const words = Array.from({ length: MAX_CARRIED + 10 }, (_, i) => `W${i}`);
    await q.carry('tiny', new Map(words.slice(0, 100).map((w) => [w, ['Ann']])));
    await q.carry('tiny', new Map(words.slice(100).map((w) => [w, ['Bob']])));
    const names = Array.from({ length: MAX_PENDING_PER_WORD + 5 }, (_, i) => `P${i}`);
    await q.carry('tiny', new Map([['W0', names]]));
    const kept = await q.list('tiny');
    expect([...kept.keys()].sort()).toEqual(words.slice(0, MAX_CARRIED).sort());
    expect(kept.get('W0')).toEqual(['Ann', ...names].slice(0, MAX_PENDING_PER_WORD));
    // a word kept already still gains players when the ruleset is full
    await q.carry('tiny', new Map([['W1', ['Cat']], [words.at(-1)!, ['Cat']]]));
    expect((await q.list('tiny')).get('W1')).toEqual(['Ann', 'Cat']);
    expect((await q.list('tiny')).has(words.at(-1)!)).toBe(false);
  });
});

describe('questions of ended games in a data folder', () => {
  it('changes made at once are all written, and a new process reads them', async () => {
    const dir = tempDir();
    const q = new FileCarriedQuestions(dir);
    await Promise.all([q.carry('tiny', new Map([['AB', ['Ann']]])), q.carry('tiny', new Map([['BA', ['Bob']]])), q.settle('tiny', ['AB']), q.carry('tiny', new Map([['NE', ['Eve']]]))]);
    const again = new FileCarriedQuestions(dir);
    expect(await again.list('tiny')).toEqual(new Map([['BA', ['Bob']], ['NE', ['Eve']]]));
    expect(JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8'))).toEqual({ tiny: { BA: ['Bob'], NE: ['Eve'] } });
  });

  it('a damaged file is read as none (the games\' logs keep their questions) and the next change writes a good one', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'questions.json'), '{"tiny": {"AB": ["Ann"]');
    const q = new FileCarriedQuestions(dir);
    expect(await q.list('tiny')).toEqual(new Map());
    // set aside whole, for a person to read
    const aside = readdirSync(dir).filter((f) => /^questions\.damaged-\d+\.json$/.test(f));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"tiny": {"AB": ["Ann"]');
    // entries of the wrong shape are left out
    writeFileSync(join(dir, 'questions.json'), JSON.stringify({ tiny: { AB: ['Ann'], BA: 'Bob', NE: [3] }, english: 7 }));
    const r = new FileCarriedQuestions(dir);
    expect(await r.list('tiny')).toEqual(new Map([['AB', ['Ann']]]));
    await r.carry('tiny', new Map([['TE', ['Bob']]]));
    expect(JSON.parse(readFileSync(join(dir, 'questions.json'), 'utf8'))).toEqual({ tiny: { AB: ['Ann'], TE: ['Bob'] } });
  });
});
