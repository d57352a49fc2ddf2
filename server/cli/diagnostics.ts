// Prints diagnostics like a compiler (file:line:col: severity: message [code]) or as JSON.
import type { Diagnostic } from '../../core/formats/types.js';

export function sortDiagnostics(diags: Diagnostic[]): Diagnostic[] {
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
