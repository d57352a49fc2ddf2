// Language server speed (issue 5 targets): keystroke to pushed diagnostics on a card table
// (<= 20 ms) and completion (<= 20 ms), both through the real server over stdio; a full check
// of a 250k-word dictionary (<= 300 ms) in the language service, and through the server.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LanguageService, view } from '../core/language/index.js';
import { LspClient, uriOf } from '../test/language/client.js';
import { header, measure, report } from './harness.js';

header('language server');

const table = readFileSync('samples/seed-example/example.cardtable', 'utf8');
const dictText = readFileSync('samples/english/english.dict', 'utf8');
const charsetText = readFileSync('samples/english/english.charset', 'utf8');

// In-process: the language service alone.
const service = new LanguageService();
const ctx = { name: 'english', dictionaries: [], charset: { name: 'english.charset', text: charsetText } };
let n = 0;
report(await measure('service: check a 250k-word dictionary', async () => {
  // A new text each run (one character differs), so no cache helps.
  const text = `${n++ % 2 ? 'aa' : 'ab'}\n${dictText}`;
  await service.validate(view('english.dict', 'dictionary', text), ctx);
}, 10), 300);

// Through the real server over stdio.
const client = new LspClient();
await client.initialize();
const tableUri = uriOf(resolve('samples/seed-example/example.cardtable'));
client.open(tableUri, table);
await client.diagnostics(tableUri);
let toggle = false;
report(await measure('server: keystroke to diagnostics (card table)', async () => {
  const since = client.published.length;
  toggle = !toggle;
  // Type or delete a character in a cell's points: (10,0) C 5; <-> (10,0) C 55;
  const v = client.change(tableUri, [toggle ? { range: { start: { line: 19, character: 10 }, end: { line: 19, character: 10 } }, text: '5' } : { range: { start: { line: 19, character: 10 }, end: { line: 19, character: 11 } }, text: '' }]);
  await client.diagnostics(tableUri, (_d, p) => p.version === v, 10_000, since);
}, 50, 5), 20);

report(await measure('server: completion (card table attributes)', async () => {
  await client.request('textDocument/completion', { textDocument: { uri: tableUri }, position: { line: 20, character: 7 } });
}, 50, 5), 20);

const dictUri = uriOf(resolve('samples/english/english.dict'));
client.open(dictUri, dictText);
await client.diagnostics(dictUri, () => true, 60_000);
report(await measure('server: edit to diagnostics (250k-word dictionary)', async () => {
  const since = client.published.length;
  const v = client.change(dictUri, [{ range: { start: { line: 1000, character: 0 }, end: { line: 1000, character: 0 } }, text: 'x' }]);
  await client.diagnostics(dictUri, (_d, p) => p.version === v, 60_000, since);
}, 10, 1));
report(await measure('server: completion while a dictionary is open', async () => {
  await client.request('textDocument/completion', { textDocument: { uri: tableUri }, position: { line: 20, character: 7 } });
}, 50, 5), 20);
await client.stop();
