// Quick fixes act on the server's own diagnostics, whatever columns a client sends back
// (core/language/actions.ts ownDiagnostics; Neovim 0.7 end to end in test/nvim).
import { describe, expect, it } from 'vitest';
import { ownDiagnostics } from '../../core/language/actions.js';
import { TextDocumentView } from '../../core/language/document.js';
import type { LspDiagnostic } from '../../core/language/lsp.js';

const doc = new TextDocumentView('file:///r/x.cardset', 'cardset', '6\n[Ä 3] [Ä 3] [Ä 3] [E 3] [E 3] [𝔸 1]\n');
const at = (line: number, from: number, to: number, message = "'Ä' is not in the charset", code = 'cardset/unknown-character'): LspDiagnostic => ({
  range: { start: { line, character: from }, end: { line, character: to } },
  message,
  code,
  source: 'cardwords',
  severity: 1,
});
// as published: UTF-16 columns
const published = [at(1, 1, 2), at(1, 7, 8), at(1, 13, 14), at(1, 31, 33, "'𝔸' is not in the charset"), at(0, 0, 1, 'count', 'cardset/count-mismatch')];

describe('ownDiagnostics', () => {
  it('finds the published diagnostic from UTF-16, UTF-8 byte or code point columns', () => {
    const own = (d: LspDiagnostic) => ownDiagnostics(doc, [d], published).map((p) => p.own);
    expect(own(at(1, 13, 14))).toEqual([published[2]]);
    // Neovim 0.7: the third Ä at byte 15 (each `[Ä 3] ` 7 bytes); read as UTF-16 it was `3]`
    expect(own(at(1, 15, 17))).toEqual([published[2]]);
    expect(own(at(1, 8, 10))).toEqual([published[1]]);
    // 𝔸: 2 UTF-16 units, 4 bytes, 1 code point
    expect(own(at(1, 34, 38, "'𝔸' is not in the charset"))).toEqual([published[3]]);
    expect(own(at(1, 31, 32, "'𝔸' is not in the charset"))).toEqual([published[3]]);
    // another code, line or column is not the server's diagnostic: no fix from it
    expect(own(at(1, 15, 17, "'Ä' is not in the charset", 'cardset/count-mismatch'))).toEqual([]);
    expect(own(at(1, 3, 4))).toEqual([]);
  });

  it('keeps the client diagnostic each fix came from', () => {
    const sent = [at(1, 1, 3), at(1, 8, 10), at(1, 15, 17)];
    const pairs = ownDiagnostics(doc, sent, published);
    expect(pairs.map((p) => p.sent)).toEqual(sent);
    expect(pairs.map((p) => p.own)).toEqual(published.slice(0, 3));
  });

  it("takes one the server has not published as it is where the columns read alike in every encoding (ASCII before them), else not", () => {
    const stale = at(0, 1, 1, 'count 5', 'cardset/count-mismatch');
    expect(ownDiagnostics(doc, [stale], published)).toEqual([{ sent: stale, own: stale }]);
    expect(ownDiagnostics(doc, [stale], undefined)).toEqual([{ sent: stale, own: stale }]);
    expect(ownDiagnostics(doc, [at(1, 15, 17)], undefined)).toEqual([]);
    // its end after an Ä: not taken
    expect(ownDiagnostics(doc, [at(1, 1, 2)], undefined)).toEqual([]);
  });
});
