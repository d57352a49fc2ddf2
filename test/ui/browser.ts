// Real Chromium (Debian's, driven by playwright-core) for the UI and VS Code tests, with
// screenshots in test-artifacts/ui/ and page errors collected so a test can fail on them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
