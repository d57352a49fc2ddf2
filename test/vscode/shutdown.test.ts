// Closing VS Code never plays a person's turn (docs/server.md "Away, leave and endings"):
// code-server with the .vsix, the extension's own local server, a seeded Cardwords game
// against a robot, and code-server stopped on the human's turn by SIGTERM to its main process
// alone (the extension host is left to notice that its parent went away and to end itself).
// The local server must stop gracefully (the `stopping` message and close code 4001 to the
// human, nothing played), and a server started again on the extension's data folder has the
// game where it was. SIGTERM to code-server's process group (a terminal's Ctrl-C, a service
// manager's stop) is the same check at the end of test/vscode/extension.test.ts, on the
// code-server it runs anyway (a code-server of its own here cost a start, a workbench and an
// extension host more).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureCodeServer, installExtension, packageVsix, makeHome, processesMentioning, removeHome, startCodeServer,
  type CodeServerHome, type RunningCodeServer,
} from '../support/code-server.js';
import { pidAlive } from '../support/processes.js';
import { launchPersistent } from '../ui/browser.js';
import { runCommand as runPaletteCommand } from '../support/workbench.js';
import { startServer, until, type ServerProcess } from '../support/game-server.js';
import { copySample } from '../game/cardwords-helpers.js';
import { expectGameBack, expectStopping, onHumanTurn } from './closing.js';


let tmp = '';
let home: CodeServerHome | undefined;
let cs: RunningCodeServer | undefined;
let browser: BrowserContext | undefined;
let page: Page;
let otherWindow: ServerProcess | undefined;
const t0 = Date.now();
const mark = (what: string) => console.log(`[vscode-stop ${((Date.now() - t0) / 1000).toFixed(1)} s] ${what}`);

// a fresh window reads the extension's contributions late on a busy machine: up to 90 s
const runCommand = (title: string) => runPaletteCommand(page, title, 90_000);


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

  {
    it(`code-server stopped (SIGTERM to its main process) on the human turn: the local server says it is stopping, plays nothing, and the game comes back on its data folder`, async () => {
      const workspace = join(tmp, 'workspace');
      mkdirSync(workspace);
      home = makeHome(join(tmp, 'cs'));
      expect(installExtension(home, vsix)).toMatch(/cardwords\.cardwords@/);
      cs = await startCodeServer(home);
      browser = await launchPersistent(join(tmp, 'chromium'), { width: 1280, height: 800 });
      page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(`${cs.url}?folder=${encodeURIComponent(workspace)}`, { waitUntil: 'domcontentloaded' });
      await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      mark('workbench shown');
      // the extension's data folder: VS Code's global storage of the extension; another
      // window's local server holds it (a data folder is one server's): this window's takes the
      // next one (its start failed, "in use by another cardwords serve")
      const storage = join(home.userDataDir, 'User', 'globalStorage', 'cardwords.cardwords');
      otherWindow = await startServer({ dataDir: join(storage, 'server'), args: ['--ruleset', copySample('tiny')] });
      await runCommand('Cardwords: Start Local Server');
      await page.locator('.statusbar-item', { hasText: /Cardwords: port \d+/ }).first().waitFor({ timeout: 60_000 });
      const procs = processesMentioning('--exit-with-stdin').filter((p) => p.cmd.includes(tmp));
      expect(procs.length).toBe(1);
      const { pid, cmd } = procs[0]!;
      const port = Number(/Cardwords: port (\d+)/.exec(await page.locator('.statusbar-item', { hasText: /Cardwords: port \d+/ }).first().innerText())?.[1]);
      const dataDir = /--data (\S+)/.exec(cmd)![1]!;
      const rulesets = [...cmd.matchAll(/--ruleset (\S+)/g)].map((m) => m[1]!);
      expect(dataDir).toBe(join(storage, 'server-2'));
      expect(rulesets.length).toBe(1);
      const owner = readFileSync(join(dataDir, 'owner-token'), 'utf8').trim();
      const url = `http://127.0.0.1:${port}`;
      mark(`local server pid ${pid} on ${url}`);

      const turn = await onHumanTurn(url, owner);

      // "closing VS Code": code-server and its extension host stop
      await browser!.close();
      browser = undefined;
      process.kill(cs!.pid, 'SIGTERM');
      mark('code-server stopped (SIGTERM to its main process)');
      await expectStopping(turn.ann);
      await until(() => !pidAlive(pid), 15_000, 'the local server gone');
      await cs!.stop();
      cs = undefined;
      await expectGameBack(turn, dataDir, rulesets, owner);
      mark('done');
    }, 240_000);
  }

  it('left no local server behind', () => {
    expect(processesMentioning('--exit-with-stdin').filter((p) => p.cmd.includes(tmp))).toEqual([]);
  });
});
