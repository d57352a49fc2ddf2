// The TextMate grammars (syntaxes/) tokenised by vscode-textmate + oniguruma, the engine
// VS Code uses: snapshots of the tokens of the sample files, plus explicit checks.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import vsctm from 'vscode-textmate';
import oniguruma from 'vscode-oniguruma';

const KINDS = { charset: 'charset', cardset: 'cardset', cardtable: 'cardtable', bonus: 'bonus', dict: 'dictionary' } as const;
let registry: vsctm.Registry;

beforeAll(async () => {
  await oniguruma.loadWASM(readFileSync('node_modules/vscode-oniguruma/release/onig.wasm').buffer as ArrayBuffer);
  registry = new vsctm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p), createOnigString: (s: string) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope: string) => {
      const kind = scope.replace('source.cardwords.', '');
      return vsctm.parseRawGrammar(readFileSync(`syntaxes/cardwords-${kind}.tmLanguage.json`, 'utf8'), `cardwords-${kind}.tmLanguage.json`);
    },
  });
});

/** "text  scope scope" per token, scopes without the root. */
async function tokens(kind: string, text: string): Promise<string[]> {
  const grammar = await registry.loadGrammar(`source.cardwords.${kind}`);
  if (!grammar) throw new Error(`no grammar for ${kind}`);
  let state = vsctm.INITIAL;
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) {
      const scopes = t.scopes.slice(1);
      if (scopes.length) out.push(`${JSON.stringify(line.slice(t.startIndex, t.endIndex))} ${scopes.join(' ')}`);
    }
    state = r.ruleStack;
  }
  return out;
}

describe('grammar snapshots of the samples', () => {
  for (const sample of ['tiny/tiny', 'seed-example/example']) {
    for (const [ext, kind] of Object.entries(KINDS)) {
      it(`${sample}.${ext}`, async () => {
        const text = readFileSync(`samples/${sample}.${ext}`, 'utf8');
        expect(await tokens(kind, text)).toMatchSnapshot();
      });
    }
  }
});

describe('grammar scopes', () => {
  it('card table: size, coordinates, attributes', async () => {
    const t = await tokens('cardtable', '19*10\n(10,11)\n(0 ,0) B;\n(1,1) W 2 C 5;\n');
    expect(t).toContain('"19" constant.numeric.width.cardwords');
    expect(t).toContain('"B" keyword.other.attribute.blocked.cardwords');
    expect(t).toContain('"W" keyword.other.attribute.cardwords');
    expect(t).toContain('"5" constant.numeric.value.cardwords');
    expect(t).toContain('"0" variable.parameter.column.cardwords');
  });

  it('card set: characters, wildcards, points, stray text', async () => {
    const t = await tokens('cardset', '14\n[E -1][K 19] [  0] [ -2] junk\n');
    expect(t).toContain('"K" variable.other.character.cardwords');
    expect(t).toContain('"-1" constant.numeric.points.cardwords');
    expect(t).toContain('" " keyword.other.wildcard.cardwords');
    expect(t).toContain('"junk" invalid.illegal.cardwords');
  });

  it('bonus and dictionary', async () => {
    expect(await tokens('bonus', '-3:-5\nnope\n')).toEqual(['"-3" variable.other.key.cardwords', '":" punctuation.separator.key-value.cardwords', '"-5" constant.numeric.value.cardwords', '"nope" invalid.illegal.cardwords']);
    expect(await tokens('dictionary', 'salt\ntwo words\n')).toEqual(['"salt" string.unquoted.word.cardwords', '"two words" invalid.illegal.whitespace.cardwords']);
  });
});
