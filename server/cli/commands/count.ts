// `cardwords count`: the original cardwords_count, the character distribution of texts per
// charset, with a card set proposed from it.
import { decodeText, fileKindOf, parseCharset, parseDictionary } from '../../../core/formats/index.js';
import { addPlayableWords, makeFolder } from '../../../core/ruleset/load.js';
import { countCharacters, printSuggestedCardset, suggestCardset } from '../../../core/ruleset/distribution.js';
import { intOption, parse } from '../args.js';
import { diagnosticLines, formatText } from '../diagnostics.js';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIO } from '../io.js';
import { readText, siblingCharsetName, siblingCharsetPath } from '../../ruleset/fs.js';
import type { Command } from './index.js';

const help = `Usage: cardwords count [--charset FILE] [options] [FILE...]

Counts the characters of the FILEs (standard input when none) per canonical card
character of the charset, ignoring every character the charset does not know, and prints
a table with percentages and a bar per character. A dictionary (.dict) counts as the game
plays it: its playable words, each once (not a word with a character the charset lacks).

Options:
  --charset FILE     the charset file (default: <base>.charset beside the first FILE,
                     as check reads it: tok.charset for tok.dict)
  --json             print {"total": N, "chars": [{"char", "count", "percent"}]}
  --suggest N        instead, print a card set of N cards (card set file syntax): every
                     character that occurs gets one card first, so that every letter is
                     playable, then the rest are shared out in proportion to the counts
                     (largest remainder); when N is smaller than the number of such
                     characters, all N are shared in proportion (standard error says
                     how many characters get no card). Points fall as frequency rises:
                     1 for the commonest, P for the rarest, on a log scale
  --wildcards K      with --suggest: K of the N cards are wildcards (default 0)
  --max-points P     with --suggest: points of the rarest character (default 10)
  -h, --help         this help
      --version      the version
`;

/** At most this many characters without a card are named. */
const NAMED = 8;

export const command: Command = {
  help,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parse(argv, {
      charset: { type: 'string' },
      json: { type: 'boolean' },
      suggest: { type: 'string' },
      wildcards: { type: 'string' },
      'max-points': { type: 'string' },
    });
    // the ruleset's charset beside the word list (`count tok.dict`), as `check` finds it
    const charsetPath = values.charset ?? (positionals[0] !== undefined ? await siblingCharsetPath(positionals[0]) : undefined);
    if (!charsetPath) throw new UsageError(positionals[0] === undefined ? '--charset FILE is required with standard input' : `--charset FILE is required (there is no ${siblingCharsetName(positionals[0])} beside ${positionals[0]})`);
    const suggest = values.suggest === undefined ? undefined : intOption(values.suggest, 'suggest', 1, 100_000);
    const wildcards = intOption(values.wildcards, 'wildcards', 0, 100_000, 0);
    const maxPoints = intOption(values['max-points'], 'max-points', 1, 99, 10);
    if (suggest !== undefined && wildcards > suggest) throw new UsageError('--wildcards cannot exceed --suggest');

    const cs = await readText(charsetPath);
    const parsed = parseCharset(cs.text);
    const errors = [...cs.diagnostics, ...parsed.diagnostics.map((d) => ({ ...d, file: charsetPath }))].filter((d) => d.severity === 'error');
    if (errors.length > 0 || parsed.value.entries.length === 0) {
      const lineOf = await diagnosticLines(errors, async () => cs.text);
      for (const d of errors) io.err(formatText(d, lineOf(d.file, d.range.start.line)) + '\n');
      if (errors.length === 0) io.err(`cardwords count: ${charsetPath}: the charset has no characters\n`);
      return EXIT_ERRORS;
    }
    const texts: string[] = [];
    if (positionals.length === 0) texts.push(decodeText(await io.readStdin()).text);
    // a dictionary counts as the game plays it, as the editors' distribution counts it: its
    // playable words, each once (the letters of a word left out for a character the charset
    // lacks got cards that check then said no word has)
    const words = new Set<string>();
    const folder = makeFolder(parsed.value);
    for (const file of positionals) {
      const r = await readText(file);
      const bad = r.diagnostics.find((d) => d.code === 'file/unreadable' || d.code === 'file/too-large');
      if (bad) throw new UsageError(`${file}: ${bad.message}`);
      if (fileKindOf(file) === 'dictionary') addPlayableWords(folder, parseDictionary(r.text).value.words, words);
      else texts.push(r.text);
    }
    if (words.size > 0) texts.push([...words].join('\n'));
    const dist = countCharacters(parsed.value, texts);

    if (suggest !== undefined) {
      if (dist.total === 0) {
        io.err('cardwords count: no character of the charset was found in the input: nothing to propose\n');
        return EXIT_ERRORS;
      }
      const cards = suggestCardset(dist, suggest, wildcards, maxPoints);
      io.out(printSuggestedCardset(cards));
      // fewer letter cards than letters found: the rarest get none, and no word with them can
      // be laid but by a wildcard; said beside the card set, which stays as it is on stdout
      const carded = new Set(cards.filter((c) => c.count > 0).map((c) => c.char));
      const bare = dist.chars.filter((c, i) => dist.counts[i]! > 0 && !carded.has(c));
      if (bare.length > 0) {
        const found = dist.counts.filter((c) => c > 0).length;
        const named = bare.slice(0, NAMED).join(', ') + (bare.length > NAMED ? ', …' : '');
        io.err(`cardwords count: warning: ${bare.length} of the ${found} characters found get no card (${named}): --suggest ${found + wildcards} or more gives each one\n`);
      }
      return EXIT_OK;
    }
    const pct = (c: number) => (dist.total ? (100 * c) / dist.total : 0);
    if (values.json) {
      const chars = dist.chars.map((c, i) => ({ char: c, count: dist.counts[i]!, percent: Number(pct(dist.counts[i]!).toFixed(4)) }));
      io.out(JSON.stringify({ total: dist.total, chars }, null, 2) + '\n');
      return EXIT_OK;
    }
    const max = Math.max(1, ...dist.counts);
    const width = String(Math.max(...dist.counts, dist.total)).length;
    for (let i = 0; i < dist.chars.length; i++) {
      const c = dist.counts[i]!;
      const bar = '#'.repeat(Math.round((40 * c) / max));
      io.out(`${dist.chars[i]}  ${String(c).padStart(width)}  ${pct(c).toFixed(2).padStart(6)}%  ${bar}\n`);
    }
    io.out(`total  ${dist.total}\n`);
    return EXIT_OK;
  },
};
