// Driving the VS Code workbench (code-server in Chromium) as a person does.
import type { Page } from 'playwright-core';

/**
 * Runs a command from the palette: F1, the title typed, the row named exactly so clicked
 * (Enter would take the first row, and for "View: Close Editor" that was another close
 * command). The palette closes whenever focus moves (a webview taking it as it is revealed,
 * an editor closing under it on a busy machine), and a fresh window lists the extension's
 * commands late: then the palette is opened again (after an Escape, which also closes a
 * dialog that kept F1 from it), until `timeout`. A command runs at most once: a click that
 * was dispatched ends the loop (Playwright logs "performing click action" just before it
 * sends the mouse events: a click that timed out after it counts once the palette has closed;
 * one that timed out before it, on a row the closing palette hid, is tried again).
 */
export async function runCommand(page: Page, title: string, timeout = 60_000): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exact }) }).first();
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      if (await input.isVisible()) await page.keyboard.press('Escape');
      // the pointer off the palette's place: resting where the last row was clicked, it raised
      // a keybinding's hover over the next palette's rows, which took the click for 10 s
      await page.mouse.move(0, 0);
      await page.keyboard.press('F1');
      await input.fill('>' + title, { timeout: 5_000 });
      await row.waitFor({ timeout: 5_000 });
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`the command "${title}" could not be picked from the palette: ${(e as Error).message}`);
      // a dialog or a notification with the focus keeps F1 from the palette: dismiss it
      await page.keyboard.press('Escape');
      continue;
    }
    try {
      await row.click({ timeout: 10_000 });
      return;
    } catch (e) {
      const message = (e as Error).message;
      // dispatched, but its end not seen in time (a loaded machine): the command was picked
      // once the palette has closed; it is not picked again
      if (message.includes('performing click action')) {
        await input.waitFor({ state: 'hidden', timeout: Math.max(10_000, deadline - Date.now()) });
        return;
      }
      if (Date.now() > deadline) throw e;
    }
  }
}

/**
 * Runs a command that asks with a quick pick, and picks the row that says `label`; the row's
 * text as it was picked. The pick closes when focus moves before the click (a webview taking
 * it as its game moves on), and the command then returns with nothing picked: it is run
 * again, until `timeout`.
 */
export async function runCommandAndPick(page: Page, title: string, label: string, timeout = 60_000): Promise<string> {
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first();
  const deadline = Date.now() + timeout;
  for (;;) {
    await runCommand(page, title, Math.max(5_000, deadline - Date.now()));
    try {
      const text = await row.innerText({ timeout: 5_000 });
      await row.click({ timeout: 5_000 });
      return text;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`"${label}" could not be picked after the command "${title}": ${(e as Error).message}`);
    }
  }
}
