// The owner's questions that outlive their game (server/game/carried-questions.ts), on both
// stores: a data folder, and a real redis-server. The same behaviour: merged names, the
// bounds, settling, rulesets apart; the file store's writes one after another and a damaged
// file read as empty; Redis' channel telling the other processes what a game kept.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { FileCarriedQuestions, MAX_CARRIED, MAX_PENDING_PER_WORD, RedisCarriedQuestions, type CarriedQuestions, type Questions } from '../../server/game/carried-questions.js';
import { tempDir, until } from '../support/game-server.js';
import { startRedis, type RedisProcess } from '../support/redis.js';

let redis: RedisProcess | null = null;
let client: Redis | null = null;
const opened: CarriedQuestions[] = [];
afterAll(async () => {
  for (const q of opened) await q.close();
  client?.disconnect();
  await redis?.stop();
});

/** A Redis store as process `processId` runs it; `heard` gets what the others kept. */
async function redisStore(processId: string, heard: (ruleset: string, questions: Questions) => void = () => undefined): Promise<RedisCarriedQuestions> {
  redis ??= await startRedis();
  client ??= new Redis(redis.url);
  const q = await RedisCarriedQuestions.start(client, processId, () => undefined, heard);
  opened.push(q);
  return q;
}

const stores: Array<[string, () => Promise<CarriedQuestions>]> = [
  ['a data folder', async () => new FileCarriedQuestions(tempDir())],
  [
    'Redis',
    async () => {
      const q = await redisStore('p1');
      await client!.flushall();
      return q;
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

  it('holds a game\'s questions unasked until its end is kept; what a dead process held is carried by recover, only for games whose end is stored', async () => {
    const q = await make();
    await q.hold('g1', 'tiny', new Map([['BEAT', ['Bob']]]));
    await q.hold('g2', 'tiny', new Map([['TABS', ['Ann']]]));
    await q.hold('g3', 'english', new Map([['QAT', ['Zoe']]]));
    // held is not kept: nobody is asked a word of a game that may go on
    expect(await q.list('tiny')).toEqual(new Map());
    // g1's process carries its own: its hold goes with it (a later recover carries nothing of it)
    await q.carry('tiny', new Map([['BEAT', ['Bob']]]), 'g1');
    await q.settle('tiny', ['BEAT']);
    // too young: a live process carries its own
    expect(await q.recover(async () => true, 60_000)).toBe(0);
    // g2 ended (its process died before the carry), g3 still open (its end was not stored)
    expect(await q.recover(async (game) => game === 'g2' || game === 'g1')).toBe(1);
    expect(await q.list('tiny')).toEqual(new Map([['TABS', ['Ann']]]));
    expect(await q.list('english')).toEqual(new Map());
    // g3 ends later with nothing open: its hold is forgotten, nothing carried
    await q.hold('g3', 'english', new Map());
    expect(await q.recover(async () => true)).toBe(0);
    expect(await q.list('english')).toEqual(new Map());
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

describe('questions of ended games on several processes (Redis)', () => {
  it('what one process keeps, the others hear at once (the hash has it too); a process does not hear itself; a malformed message is dropped, an oversized one bounded', async () => {
    const heard: Array<[string, string, Questions]> = [];
    const a = await redisStore('pa', (r, qs) => heard.push(['pa', r, qs]));
    await redisStore('pb', (r, qs) => heard.push(['pb', r, qs]));
    await redisStore('pc', (r, qs) => heard.push(['pc', r, qs]));
    await client!.flushall();
    await a.carry('tiny', new Map([['BEAT', ['Bob']], ['TABS', ['Ann', 'Bob']]]));
    const want = new Map([['BEAT', ['Bob']], ['TABS', ['Ann', 'Bob']]]);
    await until(() => heard.length >= 2, 5000, 'the two other processes hear it');
    expect(heard.sort((x, y) => x[0].localeCompare(y[0]))).toEqual([['pb', 'tiny', want], ['pc', 'tiny', want]]);
    expect(await a.list('tiny')).toEqual(want);
    heard.length = 0;
    // hostile or broken publishers: not JSON, the wrong shapes, a ruleset name too long, too many words and names
    const names = Array.from({ length: MAX_PENDING_PER_WORD + 3 }, (_, i) => `P${i}`);
    const many = Object.fromEntries(Array.from({ length: MAX_CARRIED + 7 }, (_, i) => [`W${i}`, names]));
    for (const text of ['{', '7', 'null', JSON.stringify({ ruleset: 5, questions: { AB: ['Ann'] } }), JSON.stringify({ ruleset: 'x'.repeat(300), questions: { AB: ['Ann'] } }), JSON.stringify({ ruleset: 'tiny', questions: [['AB', ['Ann']]] }), JSON.stringify({ ruleset: 'tiny', questions: { AB: 'Ann', BA: [3], ['X'.repeat(65)]: ['Ann'] } }), JSON.stringify({ ruleset: 'tiny', questions: many, from: 'pz' })]) {
      await client!.publish('cardwords:questions', text);
    }
    await until(() => heard.length >= 3, 5000, 'the oversized message, bounded, reaches all three');
    // a barrier: a good message published last comes after every one above
    await client!.publish('cardwords:questions', JSON.stringify({ ruleset: 'last', questions: { AB: ['Ann'] }, from: 'pz' }));
    await until(() => heard.filter((h) => h[1] === 'last').length === 3, 5000, 'the last message');
    const big = heard.filter((h) => h[1] === 'tiny');
    expect(big).toHaveLength(3);
    for (const [, , qs] of big) {
      expect(qs.size).toBe(MAX_CARRIED);
      for (const n of qs.values()) expect(n).toEqual(names.slice(0, MAX_PENDING_PER_WORD));
    }
    expect(heard).toHaveLength(6);
  });
});
