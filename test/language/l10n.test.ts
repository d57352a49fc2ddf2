// The language server answers in the client's language (initialize `locale`), and names
// cells the same way in the preview, hovers, inlay hints and symbols under every
// combination of the three coordinate options, asking the client to refresh its inlay
// hints when they change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CodeLens, Diagnostic, DocumentSymbol, Hover, InlayHint } from 'vscode-languageserver-protocol';
import type { CoordinateOptions } from '../../core/coordinates.js';
import { msg, render } from '../../core/l10n/message.js';
import { TABLE_PREVIEW_METHOD, type TablePreview } from '../../core/protocol/language.js';
import { LspClient } from './client.js';
import { tinyRuleset, type Fixture } from './fixtures.js';

const hoverText = (h: Hover | null) => (h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '');
const ALL_LINES = { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } };

let fx: Fixture;
beforeAll(() => {
  fx = tinyRuleset();
});
afterAll(() => fx.remove());

async function started(locale: string | undefined, capabilities?: unknown): Promise<LspClient> {
  const c = new LspClient();
  const extra: Record<string, unknown> = {};
  if (locale) extra.locale = locale;
  if (capabilities) extra.capabilities = capabilities;
  await c.initialize({ players: 2 }, extra);
  return c;
}

describe('the client’s language', () => {
  it("a card table's size in its hover: one column, row and cell in the singular (a 1x1 table read '1 columns × 1 rows (1 cells)')", () => {
    const size = (lang: string, w: number, h: number) => render(msg('hover.table.size', w, h, w * h, 'A', String.fromCharCode(64 + w), '1', String(h)), lang);
    expect(size('en', 1, 1)).toBe('**1 column × 1 row** (1 cell): column A, row 1');
    expect(size('en', 7, 1)).toBe('**7 columns × 1 row** (7 cells): columns A to G, row 1');
    expect(size('de', 1, 1)).toBe('**1 Spalte × 1 Zeile** (1 Feld): Spalte A, Zeile 1');
    expect(size('de', 2, 3)).toBe('**2 Spalten × 3 Zeilen** (6 Felder): Spalten A bis B, Zeilen 1 bis 3');
    expect(size('da', 1, 1)).toBe('**1 kolonne × 1 række** (1 felt): kolonne A, række 1');
    expect(size('da', 2, 3)).toBe('**2 kolonner × 3 rækker** (6 felter): kolonner A til B, rækker 1 til 3');
  });

  it('German: diagnostics, hovers, inlay hints, code lenses and code action titles', async () => {
    const c = await started('de-DE');
    try {
      const cardset = fx.uri('tiny.cardset');
      c.open(cardset, '1\n[A 1] [A 1]\n', 'cardwords-cardset');
      const d = await c.diagnostics(cardset, (x) => x.some((y) => y.code === 'cardset/count-mismatch'));
      const mismatch = d.find((x) => x.code === 'cardset/count-mismatch')!;
      expect(mismatch.message).toBe('1 Karte ist angegeben, aber 2 sind aufgeführt');
      expect(d.find((x) => x.code === 'ruleset/not-enough-cards')?.message).toBe('2 Karten sind zu wenig für 2 Spieler mit je 4 Karten (die Handgröße aus tiny.bonus): mindestens 8 werden gebraucht');
      const actions = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: cardset }, range: mismatch.range, context: { diagnostics: [mismatch] } });
      expect(actions.map((a) => a.title)).toEqual(['Angegebene Anzahl auf 2 ändern']);
      const inlay = await c.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: cardset }, range: ALL_LINES });
      expect(inlay.map((h) => h.label)).toEqual(['2 Karten']);
      c.change(cardset, [{ text: '2\n[A 1]\n' }]);
      const one = await c.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: cardset }, range: ALL_LINES });
      expect(one.map((h) => h.label)).toEqual(['1 Karte']);

      const table = fx.uri('tiny.cardtable');
      c.open(table, '7*7\n(3,3)\n(2,4) W 3 C 5;\n(7,7)\n', 'cardwords-cardtable');
      const cell = await c.request<Hover>('textDocument/hover', { textDocument: { uri: table }, position: { line: 2, character: 3 } });
      expect(hoverText(cell)).toBe('**C5 (2,4)**\n\n5 Feldpunkte, Wortfaktor 3');
      const start = await c.request<Hover>('textDocument/hover', { textDocument: { uri: table }, position: { line: 1, character: 1 } });
      expect(hoverText(start)).toBe('**Startbedingung** (3,3): der erste Zug muss D4 bedecken (3,3)');
      const lenses = await c.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: table } });
      expect(lenses.map((l) => l.command?.title)).toEqual(['Tischvorschau']);
      c.change(table, [{ text: '7*7\n(3,3)\n(2,4) X 3;\n(7,7)\n' }]);
      const bad = await c.diagnostics(table, (x) => x.some((y) => y.code === 'cardtable/unknown-attribute'));
      expect(bad.find((x) => x.code === 'cardtable/unknown-attribute')!.message).toBe("unbekanntes Attribut 'X': verwende B (gesperrt), C Punkte, L Faktor oder W Faktor");
      c.change(table, [{ text: '7*7\n(3,3)\n(2,4) W 3\n(7,7)\n' }]);
      const noSemicolon = (await c.diagnostics(table, (x) => x.some((y) => y.code === 'cardtable/missing-semicolon'))).find((x) => x.code === 'cardtable/missing-semicolon')!;
      expect(noSemicolon.message).toBe('am Ende der Attributzeile fehlt `;`');
      const fixes = await c.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri: table }, range: noSemicolon.range, context: { diagnostics: [noSemicolon] } });
      expect(fixes.map((a) => a.title)).toEqual(["Fehlendes ';' hinzufügen"]);

      const bonus = fx.uri('tiny.bonus');
      c.open(bonus, '-1:-1\n0:-1\n1:0\n', 'cardwords-bonus');
      const trade = await c.request<Hover>('textDocument/hover', { textDocument: { uri: bonus }, position: { line: 0, character: 1 } });
      expect(hoverText(trade)).toBe('1 Karte tauschen bringt -1');
    } finally {
      await c.stop();
    }
  });

  it('Danish hovers and diagnostics; an unknown language reads English', async () => {
    const da = await started('da');
    const en = await started('fr-FR');
    try {
      for (const [c, text, message] of [
        [da, 'at bytte 3 kort giver -2', '3 kort er angivet, men 1 er opført'],
        [en, 'trading 3 cards scores -2', '3 cards are declared but 1 is listed'],
      ] as const) {
        const bonus = fx.uri('tiny.bonus');
        c.open(bonus, '-4:-3\n-3:-2\n', 'cardwords-bonus');
        const h = await c.request<Hover>('textDocument/hover', { textDocument: { uri: bonus }, position: { line: 1, character: 1 } });
        expect(hoverText(h)).toBe(text);
        const cardset = fx.uri('tiny.cardset');
        c.open(cardset, '3\n[A 1]\n', 'cardwords-cardset');
        const d: Diagnostic[] = await c.diagnostics(cardset, (x) => x.some((y) => y.code === 'cardset/count-mismatch'));
        expect(d.find((x) => x.code === 'cardset/count-mismatch')!.message).toBe(message);
      }
    } finally {
      await da.stop();
      await en.stop();
    }
  });
});

describe('one name per cell', () => {
  const ALL: CoordinateOptions[] = [false, true].flatMap((digitsForColumns) =>
    [false, true].flatMap((columnsGrowRightwards) => [false, true].map((rowsGrowUpwards) => ({ digitsForColumns, columnsGrowRightwards, rowsGrowUpwards }))),
  );
  // Cell (1,1) of the 7*7 tiny table, worked out by hand for each combination above.
  const EXPECTED = ['F2', 'F6', 'B2', 'B6', 'B6', 'F6', 'B2', 'F2'];

  it('preview, hover, inlay hint and outline agree under all 8 option combinations; each change refreshes the inlay hints', async () => {
    const c = await started(undefined, { textDocument: { publishDiagnostics: { versionSupport: true } }, workspace: { inlayHint: { refreshSupport: true } } });
    let refreshes = 0;
    c.conn.onRequest('workspace/inlayHint/refresh', () => {
      refreshes++;
      return null;
    });
    try {
      const table = fx.uri('tiny.cardtable');
      const text = '7*7\n(3,3)\n(1,1) W 2;\n(6,3) C 5 L 2;\n(7,7)\n';
      c.open(table, text, 'cardwords-cardtable');
      const names: string[] = [];
      for (const [i, o] of ALL.entries()) {
        void c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { cardwords: { players: 2, coordinates: o } } });
        await expect.poll(() => refreshes, { timeout: 10_000 }).toBe(i + 1);
        const preview = await c.request<TablePreview>(TABLE_PREVIEW_METHOD, { uri: table });
        expect(preview.coordinates).toEqual(o);
        const h = hoverText(await c.request<Hover>('textDocument/hover', { textDocument: { uri: table }, position: { line: 2, character: 2 } }));
        const inlay = await c.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: table }, range: ALL_LINES });
        const symbols = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: table } });
        const name = preview.cells[1 * 7 + 1]!.name;
        expect(h, JSON.stringify(o)).toContain(`**${name} (1,1)**`);
        expect(inlay.find((x) => x.position.line === 2)?.label).toBe(name);
        // worded as the hover words it
        expect(symbols.find((s) => s.name.endsWith('(1,1)'))?.name).toBe(`${name} (1,1)`);
        expect(preview.columnLabels[1]! + preview.rowLabels[1]!).toBe(o.digitsForColumns ? name.slice(1) + name.slice(0, 1) : name);
        names.push(name);
      }
      expect(names).toEqual(EXPECTED);
    } finally {
      await c.stop();
    }
  });
});

describe('symbols after a coordinate change', () => {
  // LSP has no refresh request for symbols; VS Code asks again when a provider's registration
  // changes. A client that registers symbol providers dynamically gets the provider registered
  // by the server, registered afresh on each coordinate change (and only then).
  it('a client with dynamic registration: registered once initialized, re-registered on a coordinate change only', async () => {
    const c = new LspClient();
    const log: string[] = [];
    const ids = new Set<string>();
    c.conn.onRequest('client/registerCapability', (p: { registrations: Array<{ id: string; method: string; registerOptions: unknown }> }) => {
      for (const r of p.registrations) {
        log.push(`register ${r.method} ${JSON.stringify(r.registerOptions)}`);
        ids.add(r.id);
      }
      return null;
    });
    c.conn.onRequest('client/unregisterCapability', (p: { unregisterations: Array<{ id: string; method: string }> }) => {
      for (const r of p.unregisterations) {
        log.push(`unregister ${r.method} ${ids.has(r.id) ? 'known' : 'unknown'}`);
        ids.delete(r.id);
      }
      return null;
    });
    try {
      const init = await c.initialize({ players: 2 }, { capabilities: { textDocument: { documentSymbol: { dynamicRegistration: true } } } });
      expect(init.capabilities.documentSymbolProvider).toBeUndefined();
      await expect.poll(() => log).toEqual(['register textDocument/documentSymbol {"documentSelector":null}']);
      const table = fx.uri('tiny.cardtable');
      c.open(table, '7*7\n(3,3)\n(1,2) W 2;\n(7,7)\n', 'cardwords-cardtable');
      const symbolName = async () => (await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: table } })).find((s) => s.name.endsWith('(1,2)'))?.name;
      expect(await symbolName()).toBe('B3 (1,2)');
      // players only: the symbols do not change, nor does the registration
      void c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { cardwords: { players: 3 } } });
      void c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { cardwords: { players: 3, coordinates: { digitsForColumns: true } } } });
      await expect.poll(() => log.length).toBe(3);
      expect(log.slice(1)).toEqual(['unregister textDocument/documentSymbol known', 'register textDocument/documentSymbol {"documentSelector":null}']);
      expect(await symbolName()).toBe('C2 (1,2)');
      expect(ids.size).toBe(1);
    } finally {
      await c.stop();
    }
  });

  it('a client without dynamic registration keeps the static capability and is never asked to register', async () => {
    const c = new LspClient();
    let asked = 0;
    c.conn.onRequest('client/registerCapability', () => {
      asked++;
      return null;
    });
    try {
      const init = await c.initialize({ players: 2 });
      expect(init.capabilities.documentSymbolProvider).toBe(true);
      void c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { cardwords: { players: 2, coordinates: { digitsForColumns: true } } } });
      const table = fx.uri('tiny.cardtable');
      c.open(table, '7*7\n(3,3)\n(1,2) W 2;\n(7,7)\n', 'cardwords-cardtable');
      const symbols = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: table } });
      expect(symbols.find((s) => s.name.endsWith('(1,2)'))?.name).toBe('C2 (1,2)');
      expect(asked).toBe(0);
    } finally {
      await c.stop();
    }
  });
});
