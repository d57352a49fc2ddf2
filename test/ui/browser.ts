// Real Chromium (Debian's, driven by playwright-core) for the UI and VS Code tests, with
// screenshots in test-artifacts/ui/ and page errors collected so a test can fail on them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type ServerProcess } from '../support/game-server.js';
import { copySample } from '../game/cardwords-helpers.js';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const SHOTS = join(process.cwd(), 'test-artifacts', 'ui');
/**
 * Debian's `chromium-headless-shell`: the same Chromium (Blink, V8, Skia) without the full
 * browser's window layer, as playwright itself runs headless Chromium. The full browser in
 * its new headless mode took 2.7 times the CPU for the same tests (test/ui/lines.test.ts
 * alone: 37 against 14 CPU-s, 27 against 15 s), and the suites share two cores.
 */
const LAUNCH = {
  executablePath: '/usr/bin/chromium-headless-shell',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export async function launch(): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch(LAUNCH);
}

/** The browser with a profile folder of its own (the VS Code tests: code-server's workbench). */
export function launchPersistent(userDataDir: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...LAUNCH, viewport });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh context (its own localStorage) and page; `locale` picks the UI language. */
export async function openPage(browser: Browser, opts: { locale?: string; width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<TestPage> {
  const context = await browser.newContext({ locale: opts.locale ?? 'en-US', viewport: { width: opts.width ?? 1100, height: opts.height ?? 900 }, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The Cardwords page tests' server and browser: a copy of samples/tiny with four more
 * wildcards (28 cards; s2 deals the first player S1 *0 E1 T-1, s40 N2 B3 E1 E0), fast robots,
 * and dropped seats held 1 s, not 30 (the server's stop at the end waited 30 s for them; a seat
 * key takes a seat back at any time, so the reload tests do not need them held).
 */
async function startTinyWithWildcards(): Promise<[ServerProcess, Browser]> {
  const dir = copySample('tiny');
  const cardset = join(dir, 'tiny.cardset');
  writeFileSync(cardset, `${readFileSync(cardset, 'utf8').replace(/^24/, '28').trimEnd()}\n[  0] [  1] [  0] [  2]\n`);
  return Promise.all([startServer({ args: ['--ruleset', dir, '--robot-delay', '30', '--reconnect-timeout', '1000'] }), launch()]);
}

/** A test file's server and browser (startTinyWithWildcards), and its pages, each closed after its test. */
export interface TinyPages {
  /** The file's server, once its beforeAll has run. */
  readonly srv: ServerProcess;
  /** A new page (1280x720 unless `opts` says otherwise), closed after the test. */
  fresh(opts?: Parameters<typeof openPage>[1]): Promise<TestPage>;
}

/**
 * Registers the hooks of a Cardwords page test file (the Cardwords defects and playtest files
 * had each written them out): the server and browser once, a test's pages go with it (open,
 * each keeps its game and its page's timers running).
 */
export function tinyPages(): TinyPages {
  let srv: ServerProcess | undefined;
  let browser: Browser | undefined;
  const pages: TestPage[] = [];
  beforeAll(async () => {
    [srv, browser] = await startTinyWithWildcards();
  });
  afterEach(async () => {
    for (const p of pages.splice(0)) await p.context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.stop();
  });
  return {
    get srv() {
      return srv!;
    },
    async fresh(opts = {}) {
      const p = await openPage(browser!, { width: 1280, height: 720, ...opts });
      pages.push(p);
      return p;
    },
  };
}
