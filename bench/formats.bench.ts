// File-format speed: parsing and checking the English dictionary (274,932 words) against the
// A-Z charset (target <= 300 ms median), and the seed's 19*10 card table (<= 1 ms); plus the
// other parsers and printers on the samples, for reference.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  decodeText, parseBonus, parseCardTable, parseCardset, parseCharset, parseDictionary, printCardTable, printDictionary,
} from '../core/formats/index.js';
import { header, measure, report } from './harness.js';

header('file formats');

const AZ_TEXT = `26\n${Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i) + String.fromCharCode(97 + i)).join('\n')}\n`;
const az = parseCharset(AZ_TEXT).value;

function englishDictionary(): { text: string; source: string } {
  const path = 'samples/english/english.dict';
  if (existsSync(path)) return { text: readFileSync(path, 'utf8'), source: path };
  const words = createRequire(import.meta.url)('an-array-of-english-words/index.json') as string[];
  return { text: `${words.join('\n')}\n`, source: 'an-array-of-english-words' };
}

const TABLE = [
  '19*10', '(10,11)', '',
  '(0 ,0) B;', '(0 ,1) B;', '(1 ,0) B;', '',
  '(17,0) B;', '(18,0) B;', '(18,1) B;', '',
  '(0 ,9) B;', '(1 ,9) B;', '(0 ,8) B;', '',
  '(18,9) B;', '(17,9) B;', '(18,8) B;', '',
  '(10,0) C 5;', '(10,9) C 5;', '',
  '(1 ,1) W 2;', '',
  '(17,8) L 2;', '',
  '(20,12)', '',
].join('\n');

const dict = englishDictionary();
const bytes = new TextEncoder().encode(dict.text);
const check = parseDictionary(dict.text, az);
console.log(`dictionary: ${check.value.words.length} words from ${dict.source}, ${check.diagnostics.length} diagnostics`);
if (check.diagnostics.length > 0) console.log(`  first: ${check.diagnostics[0]!.code} ${check.diagnostics[0]!.message}`);

// A fresh string each run (the first word differs), so nothing is cached between runs.
let n = 0;
report(await measure('parse + check english.dict against A-Z', () => parseDictionary(`${n++ % 2 ? 'aa' : 'ab'}\n${dict.text}`, az), 30, 3), 300);
report(await measure('decode english.dict (UTF-8, NFC check)', () => decodeText(bytes), 20, 2));
report(await measure('print english.dict', () => printDictionary(check.value), 20, 2));

const table = parseCardTable(TABLE);
if (table.diagnostics.length > 0) console.log('seed table diagnostics:', table.diagnostics);
report(await measure('parse + check the seed 19*10 card table', () => parseCardTable(TABLE), 2000, 200), 1);
report(await measure('print the seed 19*10 card table', () => printCardTable(table.value), 2000, 200));

for (const [kind, path, parse] of [
  ['charset', 'samples/german/german.charset', (t: string) => parseCharset(t)],
  ['cardset', 'samples/german/german.cardset', (t: string) => parseCardset(t, az)],
  ['cardtable', 'samples/english/english.cardtable', (t: string) => parseCardTable(t)],
  ['bonus', 'samples/english/english.bonus', (t: string) => parseBonus(t)],
] as const) {
  if (!existsSync(path)) continue;
  const text = readFileSync(path, 'utf8');
  report(await measure(`parse ${kind} ${path.split('/').pop()}`, () => parse(text), 2000, 200));
}
