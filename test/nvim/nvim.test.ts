// Neovim 0.7 (Debian) headless with the configuration of docs/editors.md (its Lua block, run
// as written there with only the server command pointed at the build) against the real
// server: a diagnostic arrives, goes after a fix, and the custom request answers; the four
// files of a ruleset share one server, and an unsaved edit of the charset reaches the card
// set's checks; quick fixes on non-ASCII lines, those at the cursor once each; the code
// lenses' commands, the preview following typing.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { ensurePackages } from '../support/apt.js';
import { tinyRuleset, type Fixture } from '../language/fixtures.js';

let fx: Fixture | undefined;

beforeAll(() => {
  ensurePackages(['neovim']);
}, 1_500_000);

afterEach(() => {
  fx?.remove();
  fx = undefined;
});

/** The Lua block of docs/editors.md's Neovim section, with the server command of the build. */
function documentedSetup(): string {
  const doc = readFileSync('docs/editors.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Neovim'));
  const block = /```lua\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('no Lua block in the Neovim section of docs/editors.md');
  const documented = "{ 'cardwords', 'lsp', '--stdio' }";
  if (!block.includes(documented)) throw new Error(`the Lua block does not name ${documented}`);
  return block.replace(documented, "{ os.getenv('CARDWORDS_NODE'), os.getenv('CARDWORDS_CLI'), 'lsp', '--stdio' }");
}

function nvim(script: string, env: Record<string, string>) {
  const setup = join(fx!.dir, 'setup.lua');
  writeFileSync(setup, documentedSetup());
  const r = spawnSync('nvim', ['--headless', '--clean', '-c', `luafile ${setup}`, '-c', `luafile ${resolve(script)}`], {
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, XDG_CONFIG_HOME: join(fx!.dir, '.config'), XDG_DATA_HOME: join(fx!.dir, '.data'), XDG_STATE_HOME: join(fx!.dir, '.state'), XDG_CACHE_HOME: join(fx!.dir, '.cache'), CARDWORDS_NODE: process.execPath, CARDWORDS_CLI: resolve('dist/cli.js'), ...env },
  });
  const out = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) console.error(out);
  return { out, status: r.status };
}

it('a diagnostic arrives in Neovim', () => {
  fx = tinyRuleset();
  const file = fx.path('tiny.cardset');
  writeFileSync(file, '1\n[Q 1]\n');
  const { out, status } = nvim('test/nvim/cardwords-lsp.lua', { CARDWORDS_FILE: file });
  expect(out).toMatch(/diagnostic: "'Q' is not in the charset" at line 1 col 1/);
  expect(out).toMatch(/PASS: diagnostics and the distribution request/);
  expect(status).toBe(0);
});

it('four files of one ruleset use one server, and a cross-file diagnostic comes from an unsaved buffer; quick fixes on non-ASCII lines act on the right text; the code lenses show the table preview and the distribution', () => {
  fx = tinyRuleset();
  const { out, status } = nvim('test/nvim/cardwords-ruleset.lua', { CARDWORDS_DIR: fx.dir });
  expect(out).toMatch(/servers: 1, active clients: 1/);
  expect(out.match(/^buffer \w+: client \d+$/gm)).toHaveLength(4);
  expect(out).toMatch(/cross-file diagnostic: "'B' is not in the charset" at line 2/);
  // quick fixes act on the text the server's diagnostics name, though Neovim 0.7 sends them
  // back with byte columns: the third Ä's card, the Cyrillic А, the dictionary's q
  // (Neovim 0.7 sends the diagnostics of the whole line: each Ä's card, and each word's
  // character; the fixes of the one at the cursor are offered; on none, those of the line,
  // each removal named by its place: "Remove this card ([Ä 3])" was listed three times alike)
  expect(out).toContain("offered at 2:0: Add 'Ä' to line 7 of tiny.charset, one letter with 'ä' | Remove this card ([Ä 3]) (line 2, character 2) | Remove this card ([Ä 3]) (line 2, character 8) | Remove this card ([Ä 3]) (line 2, character 14)\n");
  expect(out).toContain("offered at 2:15: Add 'Ä' to line 7 of tiny.charset, one letter with 'ä' | Remove this card ([Ä 3])\n");
  expect(out).toContain('card set after: 6 / [Ä 3] [Ä 3] [E 3] [E 3] [E 3] / [А 1]');
  expect(out).toContain('card set after: 6 / [Ä 3] [Ä 3] [E 3] [E 3] [E 3] / [A 1]');
  expect(out).toContain("offered at 1:3: Add 'Qq' to the charset tiny.charset | Remove this word (käqi)\n");
  expect(out).toContain('charset after: 7 / Aa / Ee / Nn / Ss / Tt / ää / Qq');
  // K shows the hover of the card under the cursor, and completion has its omnifunc (Neovim
  // 0.7 mapped neither: K ran man, CTRL-X CTRL-O said "omnifunc is not set")
  expect(out).toMatch(/^hover: \*\*Ä\*\* worth 3$/m);
  expect(out).toContain('omnifunc: v:lua.vim.lsp.omnifunc\n');
  // the card table's lens, drawn by the documented setup and run: the preview as text
  expect(out).toContain('lens: Preview table');
  expect(out).toContain(['7*7; the first move must cover D4 (3,3)', '    A    B    C    D    E    F    G', '  1 ##   .    .    L2   .    .    .', '  2 .    W2   .    .    .    .    .'].map((l) => `preview| ${l}\n`).join(''));
  expect(out).toContain('preview|   4 C5   .    .    *    .    .    C5L2\n');
  // and follows typing in the card table (it was drawn once), the lens again drawing it in place
  expect(out).toContain('preview after an edit| 8*7; the first move must cover D4 (3,3)\n');
  expect(out).toContain('windows after the lens again: 0\n');
  expect(out).toMatch(/distribution\| tiny: 6 cards \(0 wildcards\), \d+ words\ndistribution\| char cards   share    freq suggested\ndistribution\| A +1 /);
  expect(out).toMatch(/PASS: one server for the ruleset.*the table preview and the distribution/);
  expect(status).toBe(0);
});
