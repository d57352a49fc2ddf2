// Closing VS Code never plays a person's turn (docs/server.md "Away, leave and endings"):
// code-server with the .vsix, the extension's own local server, a seeded Cardwords game
// against a robot, and code-server stopped (SIGTERM to its process group, as a terminal's
// Ctrl-C or a system shutdown stops it) on the human's turn. The local server must stop
// gracefully (the `stopping` message and close code 4001 to the human, nothing played), and
// a server started again on the extension's data folder has the game where it was.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE, STOPPING_MESSAGE } from '../../core/protocol/messages.js';
import {
  ensureCodeServer, installExtension, packageVsix, makeHome, processesMentioning, removeHome, startCodeServer,
  type CodeServerHome, type RunningCodeServer,
} from '../support/code-server.js';
import { pidAlive } from '../support/processes.js';
import { launchPersistent } from '../ui/browser.js';
import { runCommand as runPaletteCommand } from '../support/workbench.js';
import { logRecord, startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample, cwCreate, cwJoin, handOf } from '../game/cardwords-helpers.js';


let tmp = '';
let home: CodeServerHome | undefined;
let cs: RunningCodeServer | undefined;
let browser: BrowserContext | undefined;
let page: Page;
let restarted: ServerProcess | undefined;
let otherWindow: ServerProcess | undefined;
const t0 = Date.now();
const mark = (what: string) => console.log(`[vscode-stop ${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

// a fresh window reads the extension's contributions late on a busy machine: up to 90 s
const runCommand = (title: string) => runPaletteCommand(page, title, 90_000);

const logOf = (dataDir: string, id: string) =>
  readFileSync(join(dataDir, 'games', `${id}.log`), 'utf8')
    .trim()
    .split('\n')
    .map((l) => logRecord<{ a?: { player: number }; standIn?: boolean }>(l));

let vsix = '';

describe('closing VS Code on a human turn', () => {
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'cardwords-vscode-stop-'));
    // packaged while the code-server install may still be under way
    vsix = packageVsix();
    expect(statSync(vsix).size).toBeGreaterThan(0);
    mark('packaged');
    ensureCodeServer();
    mark('code-server ready to run');
  }, 600_000);

  afterEach(async () => {
    await restarted?.stop();
    restarted = undefined;
    await otherWindow?.stop();
    otherWindow = undefined;
    await browser?.close().catch(() => undefined);
    browser = undefined;
    await cs?.stop();
    cs = undefined;
    if (home) removeHome(home);
    home = undefined;
  }, 60_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  // The group: a terminal's Ctrl-C, a service manager's stop. The main process alone: the
  // extension host is left to notice that its parent went away and to end itself.
  for (const how of ['group', 'main'] as const) {
    it(`code-server stopped (SIGTERM to its ${how === 'main' ? 'main process' : 'process group'}) on the human turn: the local server says it is stopping, plays nothing, and the game comes back on its data folder`, async () => {
      const workspace = join(tmp, `workspace-${how}`);
      mkdirSync(workspace);
      home = makeHome(join(tmp, `cs-${how}`));
      expect(installExtension(home, vsix)).toMatch(/cardwords\.cardwords@/);
      cs = await startCodeServer(home);
      browser = await launchPersistent(join(tmp, `chromium-${how}`), { width: 1280, height: 800 });
      page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${cs.url}?folder=${encodeURIComponent(workspace)}`, { waitUntil: 'domcontentloaded' });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      mark('workbench shown');
      // the extension's data folder: VS Code's global storage of the extension; in the second
      // case another window's local server holds it (a data folder is one server's): this
      // window's takes the next one (its start failed, "in use by another cardwords serve")
      const storage = join(home.userDataDir, 'User', 'globalStorage', 'cardwords.cardwords');
      if (how === 'main') otherWindow = await startServer({ dataDir: join(storage, 'server'), args: ['--ruleset', copySample('tiny')] });
      await runCommand('Cardwords: Start Local Server');
      await page.locator('.statusbar-item', { hasText: /Cardwords: port \d+/ }).first().waitFor({ timeout: 60_000 });
      const procs = processesMentioning('--exit-with-stdin').filter((p) => p.cmd.includes(tmp));
      expect(procs.length).toBe(1);
      const { pid, cmd } = procs[0]!;
      const port = Number(/Cardwords: port (\d+)/.exec(await page.locator('.statusbar-item', { hasText: /Cardwords: port \d+/ }).first().innerText())?.[1]);
      const dataDir = /--data (\S+)/.exec(cmd)![1]!;
      const rulesets = [...cmd.matchAll(/--ruleset (\S+)/g)].map((m) => m[1]!);
      expect(dataDir).toBe(join(storage, how === 'main' ? 'server-2' : 'server'));
      expect(rulesets.length).toBe(1);
      const owner = readFileSync(join(dataDir, 'owner-token'), 'utf8').trim();
      const url = `http://127.0.0.1:${port}`;
      mark(`local server pid ${pid} on ${url}`);

      // grace 0: a drop would be played by a stand-in at once, so any drop the stop caused shows
      const ann = await cwCreate(url, { owner, humans: 1, robots: ['casual'], name: 'Ann', grace: 0, seed: 'vscode-stop' });
      const id = ann.room.roomId;
      const key = (await ann.next((m) => m.type === 'welcome')).payload.key!;
      await until(() => ann.state.status === 'playing' && ann.state.turn === 0 && handOf(ann).length > 0, 15_000, 'the start');
      expect((await ann.request('action', { text: 'pass' })).type).toBe('ack');
      await until(() => ann.state.moves === 2 && ann.state.turn === 0, 15_000, "the robot's reply; Ann's turn");
      const hand = handOf(ann);

      // "closing VS Code": code-server and its extension host stop
      await browser!.close();
      browser = undefined;
      if (how === 'main') process.kill(cs!.pid, 'SIGTERM');
      else await cs!.stop();
      mark(`code-server stopped (SIGTERM to ${how === 'main' ? 'its main process' : 'its process group'})`);
      expect((await ann.next((m) => m.type === 'stopping', 15_000)).payload.message).toBe(STOPPING_MESSAGE);
      await until(() => ann.left !== null, 15_000, 'closed');
      expect(ann.left).toBe(CLOSE.SERVER_STOPPING);
      await until(() => !pidAlive(pid), 15_000, 'the local server gone');
      await cs!.stop();
      cs = undefined;
      const log = logOf(dataDir, id);
      expect(log.filter((e) => e.a)).toHaveLength(2);
      expect(log.some((e) => e.standIn)).toBe(false);

      // the next start on the same data folder: the game where it was, waiting for Ann
      restarted = await startServer({ dataDir, args: rulesets.flatMap((r) => ['--ruleset', r]) });
      expect(restarted.output()).toContain(id);
      expect(restarted.ownerToken).toBe(owner);
      const back = await cwJoin(restarted.url, id, { name: 'Ann', key });
      await until(() => back.state.status === 'playing' && handOf(back).length > 0, 15_000, 'the game back');
      expect(back.state.moves).toBe(2);
      expect(back.state.turn).toBe(0);
      expect(handOf(back)).toEqual(hand);
      expect(back.state.players[0]!.auto).toBe(false);
      expect(logOf(dataDir, id).some((e) => e.standIn)).toBe(false);
      expect((await back.request('action', { text: 'pass' })).type).toBe('ack');
      await back.request('end');
      mark('done');
    }, 240_000);
  }

  it('left no local server behind', () => {
    expect(processesMentioning('--exit-with-stdin').filter((p) => p.cmd.includes(tmp))).toEqual([]);
  });
});
