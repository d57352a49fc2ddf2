// `cardwords check PATH...`: validates files or ruleset folders like a compiler.
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { binaryAlone, fileKindOf, parseCharset, parseFile, withoutDecodingEchoes } from '../../../core/formats/index.js';
import type { Charset, Diagnostic } from '../../../core/formats/types.js';
import { intOption, parse } from '../args.js';
import { capPerFile, formatText, linesOnDisk, sortDiagnostics, toJson } from '../diagnostics.js';
import { EXIT_ERRORS, EXIT_OK, UsageError, type CliIO } from '../io.js';
import type { Command } from './index.js';
import { findRulesetFiles, loadRulesetDir, readText, RulesetError, siblingCharsetPath } from '../../ruleset/fs.js';

const help = `Usage: cardwords check [options] PATH...

Validates Cardwords files (.charset .cardset .cardtable .bonus .dict) or ruleset folders
(the five files sharing a base name, or a ruleset.json naming them), with the cross-file
checks: cards and dictionary words against the charset, enough cards for every hand.
A file given alone that belongs to the ruleset of its folder is checked with that ruleset,
as the editors check it (its cards against the charset and, with --players, the hand size
of the bonus file; the characters no word has; whether a word fits the card table), and
only its own problems are printed. Otherwise a card set or dictionary is checked against
the charset beside it (<base>.charset in the same folder), if there is one.

Prints file:line:col: severity: message [code] per problem.
Exit status: 0 no errors (warnings allowed), 1 errors, 2 usage.

Options:
  --format text|json   output format (default text)
  --players N          players the cards must suffice for (default 2)
  -q, --quiet          print errors only, not warnings
  -h, --help           this help
      --version        the version
`;

async function siblingCharset(file: string): Promise<Charset | undefined> {
  const path = await siblingCharsetPath(file);
  if (path === undefined) return undefined;
  const r = await readText(path);
  return r.diagnostics.length ? undefined : parseCharset(r.text).value;
}

/**
 * A file of the ruleset in its folder, checked as the language server checks it: with the
 * whole ruleset (cards against the charset and the hand size of the bonus file for
 * `players`, card characters no word has, whether a word fits the table), keeping the
 * diagnostics in this file. Undefined when the folder holds no ruleset this file is part of,
 * or its charset cannot be read: the file is then checked alone (against a charset beside it).
 */
async function withRuleset(path: string, players: number): Promise<Diagnostic[] | undefined> {
  const dir = dirname(path);
  let names;
  try {
    names = await findRulesetFiles(dir);
  } catch {
    return undefined;
  }
  const file = basename(path);
  if (![names.charset, names.cardset, names.cardtable, names.bonus, ...(names.dictionaries ?? []), names.personal, names.removal].includes(file)) return undefined;
  const loaded = await loadRulesetDir(dir, { players }).catch(() => undefined);
  if (!loaded) return undefined;
  const charset = resolve(dir, names.charset);
  if (loaded.diagnostics.some((d) => d.code.startsWith('file/') && d.severity === 'error' && d.file !== undefined && resolve(d.file) === charset && resolve(path) !== charset)) return undefined;
  const self = resolve(path);
  // the no-words warning is the folder's, said by checking the folder (the editors leave it out too)
  return loaded.diagnostics.filter((d) => d.file !== undefined && resolve(d.file) === self && d.code !== 'ruleset/no-words').map((d) => ({ ...d, file: path }));
}

async function checkPath(path: string, players: number): Promise<Diagnostic[]> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new UsageError(`${path}: no such file or folder`);
  }
  if (info.isDirectory()) {
    try {
      return (await loadRulesetDir(path, { players })).diagnostics;
    } catch (e) {
      if (!(e instanceof RulesetError)) throw e;
      return [{ file: path, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 'error', code: 'ruleset/not-found', message: e.message.replace(`${path}: `, '') }];
    }
  }
  const kind = fileKindOf(path);
  if (!kind) throw new UsageError(`${path}: not a Cardwords file (expected .charset, .cardset, .cardtable, .bonus or .dict)`);
  const read = await readText(path);
  if (read.diagnostics.some((d) => d.severity === 'error' && d.code === 'file/unreadable')) return read.diagnostics;
  const inRuleset = await withRuleset(path, players);
  if (inRuleset) return inRuleset;
  const charset = kind === 'cardset' || kind === 'dictionary' ? await siblingCharset(path) : undefined;
  return [...read.diagnostics, ...withoutDecodingEchoes(read.diagnostics, parseFile(kind, read.text, charset).diagnostics.map((d) => ({ ...d, file: path })))];
}

export const command: Command = {
  help,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parse(argv, {
      format: { type: 'string', default: 'text' },
      players: { type: 'string' },
      quiet: { type: 'boolean', short: 'q' },
    });
    if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be text or json, not '${values.format}'`);
    if (positionals.length === 0) throw new UsageError('no PATH given');
    const players = intOption(values.players, 'players', 1, 1000, 2);
    const found: Diagnostic[] = [];
    for (const p of positionals) found.push(...(await checkPath(p, players)));
    // a binary file said once, alone; at most the documented number of problems a file
    const all = capPerFile(binaryAlone(found));
    const shown = sortDiagnostics(values.quiet ? all.filter((d) => d.severity === 'error') : all);
    const errors = all.filter((d) => d.severity === 'error').length;
    const warnings = all.filter((d) => d.severity === 'warning').length;
    // the lines of the files again, for display columns (the diagnostics keep UTF-16 ones, as LSP counts)
    const lineOf = await linesOnDisk(shown);
    if (values.format === 'json') io.out(JSON.stringify(shown.map((d) => toJson(d, (line) => lineOf(d.file, line))), null, 2) + '\n');
    else {
      for (const d of shown) io.out(formatText(d, lineOf(d.file, d.range.start.line)) + '\n');
      // a file past its cap lists only the first problems: the count is a floor then (it read
      // "1000 errors" of a file with thousands)
      const more = all.some((d) => d.code === 'file/too-many-diagnostics') ? ' or more' : '';
      io.err(`${errors}${more} error${errors === 1 && !more ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`);
    }
    return errors > 0 ? EXIT_ERRORS : EXIT_OK;
  },
};
