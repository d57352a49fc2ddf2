// Prints diagnostics like a compiler (file:line:col: severity: message [code]) or as JSON.
import type { Diagnostic } from '../../core/formats/types.js';
import { blocksPlay, leftOutWords } from '../../core/ruleset/load.js';

export function sortDiagnostics(diags: readonly Diagnostic[]): Diagnostic[] {
  return [...diags].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      a.code.localeCompare(b.code),
  );
}

/** One line per diagnostic; lines and columns 1-based as compilers print them. */
export function formatText(d: Diagnostic): string {
  return `${d.file ?? '<input>'}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity}: ${d.message} [${d.code}]`;
}

export function toJson(d: Diagnostic) {
  return {
    file: d.file ?? null,
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
  };
}

/** The most errors a refusal to play a ruleset lists; `cardwords check` lists them all. */
export const REFUSAL_ERRORS = 10;

/**
 * Why a ruleset (the folder `dir`) cannot be played: the errors that stop play as `cardwords
 * check` prints them (file:line:col: error: message [code]), sorted, at most `max`, then how
 * many more, then how many dictionary words are left out (those do not stop play, and listed
 * among the causes they took the slots of the real ones). The one text of `cardwords
 * playtest` and the language server's `cardwords/playtest`.
 */
export function unplayableText(dir: string, diagnostics: readonly Diagnostic[], max = REFUSAL_ERRORS): string {
  const errors = sortDiagnostics(diagnostics.filter(blocksPlay));
  const lines = errors.slice(0, max).map(formatText);
  const more = errors.length - lines.length;
  if (more > 0) lines.push(`... and ${more} more (cardwords check ${dir} lists them all)`);
  const leftOut = leftOutWords(diagnostics);
  if (leftOut > 0) lines.push(`(besides, ${leftOutText(leftOut)} for errors, which does not stop play: cardwords check ${dir} names them)`);
  return `the ruleset ${dir} cannot be played${lines.length > 0 ? `:\n${lines.join('\n')}` : ''}`;
}

/** "1 word of the dictionaries is left out", "3 words … are left out". */
export function leftOutText(n: number): string {
  return `${n === 1 ? '1 word' : `${n} words`} of the dictionaries ${n === 1 ? 'is' : 'are'} left out`;
}
