// `cardwords serve` without --data: its data folder is the user's data folder as the Lines high
// scores and the Emacs bridge find it (server/data-dir.ts), $CARDWORDS_DATA_DIR first.
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RulesetRegistry, UnplayableRuleset } from '../../server/game/rulesets.js';
import { translator } from '../../media/ui/l10n/index.js';
import { refusedJoin } from '../../media/ui/refusal.js';

/** Starts the built server with `env` and no --data; answers its owner token, then stops it. */
async function ownerToken(env: NodeJS.ProcessEnv): Promise<string> {
  const proc = spawn(process.execPath, ['dist/cli.js', 'serve', '--port', '0', '--ruleset', 'samples/tiny'], { env: { ...process.env, CARDWORDS_DATA_DIR: '', XDG_DATA_HOME: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((ok) => proc.once('exit', () => ok()));
  let out = '';
  try {
    return await new Promise<string>((ok, fail) => {
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const token = /\?owner=(\S+)/.exec(out)?.[1];
        if (token) ok(token);
      });
      proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
      proc.once('exit', () => fail(new Error(`the server exited:\n${out}`)));
    });
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

it('serve without --data keeps its owner token in $CARDWORDS_DATA_DIR, else in $XDG_DATA_HOME/cardwords', async () => {
  const home = mkdtempSync(join(tmpdir(), 'cardwords-serve-home-'));
  const data = join(home, 'data');
  const xdg = join(home, 'xdg');
  // both set: CARDWORDS_DATA_DIR wins (it was ignored: the token went to $XDG_DATA_HOME/cardwords)
  const token = await ownerToken({ HOME: home, CARDWORDS_DATA_DIR: data, XDG_DATA_HOME: xdg });
  expect(readFileSync(join(data, 'owner-token'), 'utf8').trim()).toBe(token);
  expect(existsSync(join(xdg, 'cardwords'))).toBe(false);
  // started again on it: the same owner link
  expect(await ownerToken({ HOME: home, CARDWORDS_DATA_DIR: data, XDG_DATA_HOME: xdg })).toBe(token);
  // without it: $XDG_DATA_HOME/cardwords, as before
  const other = await ownerToken({ HOME: home, XDG_DATA_HOME: xdg });
  expect(readFileSync(join(xdg, 'cardwords', 'owner-token'), 'utf8').trim()).toBe(other);
});

it('serve on a port in use says so and exits 1 (it logged the listen error and hung)', async () => {
  const taken = createServer();
  await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', () => ok()));
  const port = (taken.address() as AddressInfo).port;
  try {
    const data = mkdtempSync(join(tmpdir(), 'cardwords-serve-port-'));
    const proc = spawn(process.execPath, ['dist/cli.js', 'serve', '--port', String(port), '--ruleset', 'samples/tiny', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((ok) => proc.once('exit', (c) => ok(c)));
    expect(code).toBe(1);
    expect(err).toContain(`cardwords serve: port ${port} on 127.0.0.1 is in use: choose another with --port (0: any free port)`);
    expect(err).not.toContain('internal error');
    // the sentence alone: no listen error's stack before it
    expect(err).not.toMatch(/EADDRINUSE|\n\s+at /);
  } finally {
    taken.close();
  }
}, 60_000);

describe('the rulesets a server offers, loaded as cardwords playtest plays them', () => {
  it('a dictionary error leaves the word out and the ruleset plays; one that cannot be played is refused with its errors as cardwords check prints them, logged once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cardwords-serve-rulesets-'));
    // a word with a character outside the charset, and a line with an invalid UTF-8 byte (in
    // a UTF-8 file: one with no valid sequence reads as Latin-1, whole): the server refused
    // the ruleset ("does not load"), which playtest plays
    const words = join(dir, 'words');
    cpSync('samples/tiny', words, { recursive: true });
    writeFileSync(join(words, 'tiny.dict'), Buffer.concat([Buffer.from(`${readFileSync('samples/tiny/tiny.dict', 'utf8')}zq\nbé\n`), Buffer.from([0x62, 0xff, 0x0a])]));
    const broken = join(dir, 'broken');
    cpSync('samples/tiny', broken, { recursive: true });
    writeFileSync(join(broken, 'tiny.cardset'), '2\n[A 1]\n');
    const logged: string[] = [];
    const reg = await RulesetRegistry.create([words], (l) => logged.push(l));
    const r = await reg.get('tiny');
    expect(r.store.has('ANT')).toBe(true);
    expect(logged).toEqual([]);
    const bad = await RulesetRegistry.create([broken], (l) => logged.push(l));
    const cardset = join(broken, 'tiny.cardset');
    const why = `the ruleset ${broken} cannot be played:\n${cardset}:1:1: error: 2 cards are declared but 1 is listed [cardset/count-mismatch]\n${cardset}:1:1: error: 1 card is too few for 2 players with 4 cards each (the hand size of ${join(broken, 'tiny.bonus')}): at least 8 are needed [ruleset/not-enough-cards]`;
    await expect(bad.get('tiny')).rejects.toThrow(why);
    await expect(bad.get('tiny')).rejects.toBeInstanceOf(UnplayableRuleset);
    // on the console once, however many games ask for it
    expect(logged).toEqual([`cardwords serve: ruleset 'tiny': ${why}`]);
    // and at start, before any game asks (the four small files only: a few milliseconds)
    const started: string[] = [];
    const atStart = await RulesetRegistry.create([broken], (l) => started.push(l), { check: true });
    await atStart.checked;
    expect(started).toEqual([`cardwords serve: ruleset 'tiny': ${why}`]);
    // a playable one (its dictionary's bad words left out) says nothing
    await (await RulesetRegistry.create([words], (l) => started.push(l), { check: true })).checked;
    expect(started).toHaveLength(1);
    // a client is told the same by the ruleset's name and its files' names: not where the
    // server keeps them (it was told the server's folders)
    const shown = ((await bad.get('tiny').catch((e: unknown) => e)) as UnplayableRuleset).shown;
    expect(shown).toBe('the ruleset tiny cannot be played:\ntiny.cardset:1:1: error: 2 cards are declared but 1 is listed [cardset/count-mismatch]\ntiny.cardset:1:1: error: 1 card is too few for 2 players with 4 cards each (the hand size of tiny.bonus): at least 8 are needed [ruleset/not-enough-cards]');
    // the page says it cannot be played, and why (it said "this server has no such ruleset")
    const refusal = refusedJoin(new Error(`ruleset-unplayable: ${shown}`), translator('en'), ['cw.err.', 'err.']);
    expect(refusal.text).toBe(`this ruleset cannot be played: its files have errors (the server’s owner can mend them; cardwords check lists them):\n${shown.split('\n').slice(1).join('\n')}`);
  }, 60_000);
});
