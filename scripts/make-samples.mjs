// Regenerates the word lists of samples/ from their npm packages (never typed by hand),
// deterministically: `node scripts/make-samples.mjs`. test/samples checks that the
// committed files equal what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** English: every word of an-array-of-english-words (MIT) made of a-z only, 2+ letters. */
export function englishWords() {
  const words = require('an-array-of-english-words/index.json');
  const out = new Set();
  for (const w of words) if (w.length >= 2 && /^[a-z]+$/.test(w)) out.add(w);
  return [...out].sort();
}

/**
 * German: all-the-german-words (MIT; derived from Wiktionary and the Letterpress list),
 * folded to lower case, letters a-z ä ö ü ß only, 2 to 12 letters (longer compounds
 * rarely fit a table and would double the robot's word graph).
 */
export function germanWords() {
  const words = JSON.parse(readFileSync(require.resolve('all-the-german-words/woerter.json'), 'utf8'));
  const out = new Set();
  for (const w of words) {
    const l = w.normalize('NFC').toLowerCase();
    if (l.length >= 2 && l.length <= 12 && /^[a-zäöüß]+$/u.test(l)) out.add(l);
  }
  return [...out].sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('samples/english/english.dict', englishWords().join('\n') + '\n');
  writeFileSync('samples/german/german.dict', germanWords().join('\n') + '\n');
  console.log('wrote samples/english/english.dict and samples/german/german.dict');
}
