import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCharset } from '../../core/formats/charset.js';
import { loadRuleset, makeFolder, MAX_REPEAT_HINTS, spelling, TOO_LONG_LIST_LIMIT, wordsByCharacter, type RulesetFiles } from '../../core/ruleset/load.js';

const charset = { name: 'x.charset', text: '4\nAa\nBb\nEeÉé\nß\n' };
const bonus2 = { name: 'x.bonus', text: '-2:-2\n-1:-1\n0:0\n1:0\n2:5\n' };
const table = { name: 'x.cardtable', text: '5*5\n(2,2)\n(5,5)\n' };

function files(over: Partial<RulesetFiles> = {}): RulesetFiles {
  return {
    charset,
    cardset: { name: 'x.cardset', text: '6\n[A 1][a 2] [B 3] [é 4] [  0] [ß 9]\n' },
    cardtable: table,
    bonus: bonus2,
    dictionaries: [{ name: 'x.dict', text: 'abe\nBEé\nab\nab\n' }],
    ...over,
  };
}

describe('loadRuleset', () => {
  it('refuses a ruleset whose moves could score past what a double keeps exact (ruleset/score-too-large); big card points alone pass', () => {
    const huge = files({
      cardset: { name: 'x.cardset', text: '6\n[A 999999999][a 2] [B 3] [é 4] [  0] [ß 9]\n' },
      cardtable: { name: 'x.cardtable', text: '5*5\n(2,2)\n(1,1) L 999999999;\n(5,5)\n' },
    });
    const { ruleset, diagnostics } = loadRuleset(huge);
    expect(ruleset).toBeNull();
    const d = diagnostics.find((x) => x.code === 'ruleset/score-too-large');
    // on the cause, not on the card table's first line: here the card's points (made plain,
    // they lower the bound the most)
    expect(d).toMatchObject({ file: 'x.cardset', severity: 'error', range: { start: { line: 1, character: 0 }, end: { line: 1, character: 13 } } });
    expect(d!.message).toMatch(/^a move could score up to about \d\.\de\+\d+ points, over the 1\.4e\+11 a game keeps exact/);
    // a cell's factors: on the largest's line
    const cells = loadRuleset(files({ cardtable: { name: 'x.cardtable', text: '5*5\n(2,2)\n(1,1) W 999999;\n(1,2) W 999999;\n(3,3) L 2;\n(5,5)\n' } }));
    expect(cells.diagnostics.find((x) => x.code === 'ruleset/score-too-large')).toMatchObject({ file: 'x.cardtable', range: { start: { line: 2 } } });
    // 999999999 points on a card, no factor: about 2e10 a move, exact
    const big = loadRuleset(files({ cardset: huge.cardset }));
    expect(big.ruleset).not.toBeNull();
    expect(big.diagnostics.map((x) => x.code)).not.toContain('ruleset/score-too-large');
  });

  it('folds cards and words to canonical characters and deduplicates words', () => {
    const { ruleset, diagnostics } = loadRuleset(files());
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(ruleset).not.toBeNull();
    expect(ruleset!.cards.map((c) => [c.id, c.char, c.points])).toEqual([
      [0, 'A', 1],
      [1, 'A', 2],
      [2, 'B', 3],
      [3, 'E', 4],
      [4, null, 0],
      [5, 'ß', 9],
    ]);
    expect(ruleset!.words.sort()).toEqual(['AB', 'ABE', 'BEE']);
    expect(ruleset!.handSize).toBe(2);
    expect(ruleset!.canonicalWord('bÉe')).toBe('BEE');
    expect(ruleset!.canonicalWord('e\u0301a')).toBe('EA'); // decomposed é
    expect(ruleset!.canonicalWord('abc')).toBeUndefined();
  });

  it('counts characters, not code units: a lone astral character is no word, with another it is', () => {
    const astral = { name: 'x.charset', text: '5\nAa\nBb\nEeÉé\nß\n\u{1D538}\n' };
    const { ruleset } = loadRuleset(files({ charset: astral, dictionaries: [{ name: 'x.dict', text: '\u{1D538}\n\u{1D538}a\nb\u{1D538}\nAB\nAb\n' }] }));
    expect(ruleset!.words.sort()).toEqual(['AB', '\u{1D538}A', 'B\u{1D538}'].sort());
    // a word already canonical comes back as it is; one that is not, folded
    expect(ruleset!.canonicalWord('ABE')).toBe('ABE');
    expect(ruleset!.canonicalWord('ABe')).toBe('ABE');
    expect(ruleset!.canonicalWord('\u{1D538}ß')).toBe('\u{1D538}ß');
  });

  it('folds a dictionary’s words together as it folds each word: any characters, any line breaks', () => {
    // a charset with one-unit folds (a -> A), a two-unit canonical (the astral letter), a
    // precomposed letter that decomposed text must reach, and one character folding onto another
    const cs = parseCharset('5\nAa\nBb\nEeÉé\nß\n\u{1D538}\n').value;
    const folder = makeFolder(cs);
    const pieces = ['a', 'A', 'b', 'e', 'É', 'é', 'e\u0301', 'ß', '\u{1D538}', '\uD835', 'x', ' ', '\n', '\r', 'Z'];
    const word = fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        expect(folder.canonicalWords(words)).toEqual(words.map((w) => folder.canonicalWord(w)));
      }),
      { numRuns: 500 },
    );
    expect(folder.canonicalWords(['abe', 'xy', 'be\u0301', '\u{1D538}a'])).toEqual(['ABE', undefined, 'BE', '\u{1D538}A']);
  });

  it('applies the personal dictionary and the removal list', () => {
    const { ruleset } = loadRuleset(
      files({ personal: { name: 'x.personal.dict', text: 'baa\n' }, removal: { name: 'x.removed.dict', text: 'AB\n' } }),
    );
    expect(ruleset!.words.sort()).toEqual(['ABE', 'BAA', 'BEE']);
    expect(ruleset!.sources.personal).toBe('x.personal.dict');
  });

  it('reports too few cards for the players, on the card set, and refuses the ruleset', () => {
    const { ruleset, diagnostics } = loadRuleset(files(), { players: 4 });
    const d = diagnostics.find((x) => x.code === 'ruleset/not-enough-cards');
    expect(d).toBeDefined();
    expect(d!.file).toBe('x.cardset');
    expect(d!.message).toBe('6 cards are too few for 4 players with 2 cards each (the hand size of x.bonus): at least 8 are needed');
    expect(ruleset).toBeNull();
  });

  it('counts the cards as written for too few cards: a card set with tabs gets its syntax errors, not also "0 cards are too few"', () => {
    const tabs = { name: 'x.cardset', text: '6\n[A\t1][a\t2] [B\t3] [é\t4] [\t\t0] [Z 9]\n' };
    const codes = (players: number) => loadRuleset(files({ cardset: tabs }), { players }).diagnostics.map((d) => d.code);
    // (and the hint of the dictionary's 'ab' written twice)
    expect(codes(2)).toEqual(['cardset/missing-space', 'cardset/missing-space', 'cardset/missing-space', 'cardset/missing-space', 'cardset/invalid-character', 'cardset/unknown-character', 'dictionary/duplicate-word']);
    // too few as written is still said, with the number written
    const few = loadRuleset(files({ cardset: tabs }), { players: 4 }).diagnostics.find((d) => d.code === 'ruleset/not-enough-cards');
    expect(few?.message).toBe('6 cards are too few for 4 players with 2 cards each (the hand size of x.bonus): at least 8 are needed');
  });

  it('reports a card character missing from the charset, with its file', () => {
    const { ruleset, diagnostics } = loadRuleset(files({ cardset: { name: 'x.cardset', text: '2\n[A 1][Z 2]\n' } }));
    const d = diagnostics.find((x) => x.code === 'cardset/unknown-character');
    expect(d?.file).toBe('x.cardset');
    expect(d?.range.start).toEqual({ line: 1, character: 6 });
    expect(ruleset).toBeNull();
  });

  it('checks no card or word against a charset that knows no character: its own error is the one said', () => {
    // empty, declared empty, or every line refused (white space): no character is known
    for (const text of ['', '0\n', '2\n \n\t\n']) {
      const { ruleset, diagnostics } = loadRuleset(files({ charset: { name: 'x.charset', text }, dictionaries: [{ name: 'x.dict', text: 'abe\nBEé\nab\n' }] }));
      expect(ruleset).toBeNull();
      expect(diagnostics.filter((d) => d.severity === 'error' && d.file === 'x.charset').length).toBeGreaterThan(0);
      // not a follow-on error on each card and word, nor the no-words warning
      expect(diagnostics.filter((d) => d.file !== 'x.charset')).toEqual([]);
    }
    // one known character is enough to check against: the others are unknown
    const one = loadRuleset(files({ charset: { name: 'x.charset', text: '1\nAa\n' } })).diagnostics.map((d) => d.code);
    expect(one).toContain('cardset/unknown-character');
    expect(one).toContain('dictionary/unknown-character');
  });

  it('keeps a ruleset whose dictionary has a bad word, leaving the word out', () => {
    const { ruleset, diagnostics } = loadRuleset(files({ dictionaries: [{ name: 'x.dict', text: 'ab\nazb\n' }] }));
    expect(diagnostics.some((d) => d.code === 'dictionary/unknown-character' && d.file === 'x.dict')).toBe(true);
    expect(ruleset!.words).toEqual(['AB']);
  });

  it('warns on the first card of a character no word has (it can never be laid), once per character, counting its cards', () => {
    // the fixture's words AB, ABE, BEE: no ß; a second ß card is counted
    const { diagnostics } = loadRuleset(files({ cardset: { name: 'x.cardset', text: '7\n[A 1][a 2] [B 3] [ß 9] [é 4] [  0] [ß 1]\n' } }));
    const unused = diagnostics.filter((d) => d.code === 'ruleset/unused-card');
    expect(unused.map((d) => [d.file, d.severity, d.message, d.range.start.character, d.range.end.character])).toEqual([
      ['x.cardset', 'warning', "no word has the character 'ß': its 2 cards can never be laid, only traded or left in a hand", 17, 22],
    ]);
    // a word with it: none; no dictionary at all: the no-words warning instead, not one per card
    expect(loadRuleset(files({ dictionaries: [{ name: 'x.dict', text: 'abe\naß\n' }] })).diagnostics.map((d) => d.code)).not.toContain('ruleset/unused-card');
    expect(loadRuleset(files({ dictionaries: [] })).diagnostics.map((d) => d.code)).not.toContain('ruleset/unused-card');
  });

  it('says on its charset line a character words need and no card has (ruleset/no-card-for-character): an information with wildcards, a warning without; not of a sketch of a card set', () => {
    const said = (cardset: string) => loadRuleset(files({ cardset: { name: 'x.cardset', text: cardset } })).diagnostics.filter((d) => d.code === 'ruleset/no-card-for-character').map((d) => [d.file, d.severity, d.range, d.message]);
    const bLine = { start: { line: 2, character: 0 }, end: { line: 2, character: 2 } };
    // no B card: AB, ABE and BEE need it
    expect(said('5\n[A 1][a 2] [é 4] [  0] [ß 9]\n')).toEqual([['x.charset', 'information', bLine, "no card has the character 'B': 3 words need it, such as 'ABE', and can only be laid with the wildcard. Add cards of 'B' to x.cardset to lay them otherwise"]]);
    expect(said('5\n[A 1][a 2] [é 4] [ß 9] [ß 1]\n')).toEqual([['x.charset', 'warning', bLine, "no card has the character 'B', and the card set has no wildcard: 3 words need it, such as 'ABE', and can never be laid. Add cards of 'B' to x.cardset, or drop the character"]]);
    // a card set with fewer characters than it lacks is being written: nothing on every line
    expect(said('4\n[ß 1][ß 1][ß 1][  0]\n')).toEqual([]);
    // the count: each word once a character, astral characters too
    expect([...wordsByCharacter(['A😀B😀A', 'BB', '😀X'])]).toEqual([['A', { words: 1, first: 'A😀B😀A' }], ['B', { words: 2, first: 'A😀B😀A' }], ['X', { words: 1, first: '😀X' }], ['😀', { words: 2, first: 'A😀B😀A' }]]);
  });

  it('warns once, on the dictionary line of the first, of the words longer than the longest run of free cells (ruleset/words-too-long); not of a language\'s word list', () => {
    const small = { name: 'x.cardtable', text: '3*3\n(1,1)\n(3,3)\n' };
    const said = (dictionaries: RulesetFiles['dictionaries']) => loadRuleset(files({ cardtable: small, dictionaries })).diagnostics.filter((d) => d.code === 'ruleset/words-too-long').map((d) => [d.file, d.severity, d.range, d.message]);
    // on the word of an indented line (the range started at column 0)
    expect(said([{ name: 'x.dict', text: 'ab\nabe\n\n\t abba \nbebab\n' }])).toEqual([['x.dict', 'warning', { start: { line: 3, character: 2 }, end: { line: 3, character: 6 } }, "2 words of the 4 are longer than the longest run of free cells on the table (3 cells), so can never be laid, such as 'ABBA': remove them, or make the table larger or block fewer of its cells"]]);
    // in a second dictionary, written in another case: found there
    expect(said([{ name: 'x.dict', text: 'ab\n' }, { name: 'x.more.dict', text: 'be\nBÉBÉ\n' }])).toEqual([['x.more.dict', 'warning', { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } }, "1 word of the 3 is longer than the longest run of free cells on the table (3 cells), so can never be laid, such as 'BEBE': remove them, or make the table larger or block fewer of its cells"]]);
    // a language's word list keeps its long words (the table decides): not said past the limit
    const letters = ['a', 'b', 'e', 'ß'];
    const many = Array.from({ length: TOO_LONG_LIST_LIMIT }, (_, i) => Array.from({ length: 7 }, (_, k) => letters[Math.floor(i / 4 ** k) % 4]).join(''));
    expect(said([{ name: 'x.dict', text: ['ab', ...many].join('\n') }])).toEqual([]);
  });

  it('hints at a word written again as on an earlier line of its dictionary (dictionary/duplicate-word), naming that line', () => {
    const said = (dictionaries: RulesetFiles['dictionaries']) => loadRuleset(files({ dictionaries })).diagnostics.filter((d) => d.code === 'dictionary/duplicate-word').map((d) => [d.file, d.severity, d.range, d.message]);
    // 'Abe' folds as 'abe' does but is written otherwise: not a repeat; nor is 'be' in two dictionaries
    // (on the word of an indented line, the line break \r\n)
    expect(said([{ name: 'x.dict', text: 'abe\nbe\nAbe\n\n  abe\r\nabe\n' }, { name: 'x.more.dict', text: 'be\n' }])).toEqual([
      ['x.dict', 'hint', { start: { line: 4, character: 2 }, end: { line: 4, character: 5 } }, "'abe' is also on line 1"],
      ['x.dict', 'hint', { start: { line: 5, character: 0 }, end: { line: 5, character: 3 } }, "'abe' is also on line 1"],
    ]);
    // hints only: nothing more blocks play or leaves a word out
    const r = loadRuleset(files({ dictionaries: [{ name: 'x.dict', text: 'abe\nabe\n' }] }));
    expect(r.ruleset?.words).toEqual(['ABE']);
    expect(r.diagnostics.filter((d) => d.code.startsWith('dictionary/')).map((d) => d.severity)).toEqual(['hint']);
    // a list written twice over is told by its first repeats
    expect(said([{ name: 'x.dict', text: 'ab\n'.repeat(MAX_REPEAT_HINTS + 50) }])).toHaveLength(MAX_REPEAT_HINTS);
    // 200,000 words written twice (a tester's English list, cat twice): their repeats spread
    // into one call overflowed the stack, and check, playtest and moves died
    const words = Array.from({ length: 200_000 }, (_, i) => i.toString(3).padStart(12, '0').replace(/[012]/g, (d) => 'abe'[Number(d)]!)).join('\n');
    expect(said([{ name: 'x.dict', text: `${words}\n${words}\n` }])).toHaveLength(MAX_REPEAT_HINTS);
  });

  it('warns when no word is playable; without a dictionary file, names the file the words go in', () => {
    const none = loadRuleset(files({ dictionaries: [] })).diagnostics.find((d) => d.code === 'ruleset/no-words');
    expect(none).toMatchObject({ file: 'x.charset', severity: 'warning' });
    expect(none!.message).toMatch(/^no dictionary: the ruleset's words go in x\.dict \(or x\.<name>\.dict\) beside its other files/);
    const unplayable = loadRuleset(files({ dictionaries: [{ name: 'x.dict', text: 'a\nzz\n' }] })).diagnostics.find((d) => d.code === 'ruleset/no-words');
    expect(unplayable).toMatchObject({ file: 'x.dict', severity: 'warning' });
    expect(unplayable!.message).toMatch(/^the dictionaries have no playable word \(two characters or more, all of them in the charset\)/);
  });

  it('warns when no word fits the longest run of free cells a first move can use (ruleset/no-word-fits), naming the run and the shortest word', () => {
    const tight = files({ cardtable: { name: 'x.cardtable', text: '3*1\n(-1,-1)\n(3,1)\n' }, dictionaries: [{ name: 'x.dict', text: 'abee\nbbbbb\n' }] });
    const d = loadRuleset(tight).diagnostics.filter((x) => x.code === 'ruleset/no-word-fits');
    expect(d.map((x) => [x.file, x.severity, x.message])).toEqual([
      ['x.cardtable', 'warning', "no word fits the table: the longest run of free cells a first move can use, (0,0)..(2,0), has 3 cells, and the shortest word of the dictionaries, 'ABEE', has 4 characters: no move is ever possible"],
    ]);
    // a three-letter word fits; a longer table fits the four-letter one
    expect(loadRuleset(files({ ...tight, dictionaries: [{ name: 'x.dict', text: 'abee\nabe\n' }] })).diagnostics.map((x) => x.code)).not.toContain('ruleset/no-word-fits');
    expect(loadRuleset(files({ ...tight, cardtable: { name: 'x.cardtable', text: '4*1\n(-1,-1)\n(4,1)\n' } })).diagnostics.map((x) => x.code)).not.toContain('ruleset/no-word-fits');
    // the run must meet the start condition: the first move covers (0,0), which (1,0) and
    // (0,2) wall in to a run of 2 cells down (rows 1, 3 and 4 have runs of 5 elsewhere)
    const walled = '5*5\n(0,0)\n(0,2) B;\n(1,0) B;\n(5,5)\n';
    const w = loadRuleset(files({ cardtable: { name: 'x.cardtable', text: walled }, dictionaries: [{ name: 'x.dict', text: 'abe\n' }] })).diagnostics.find((x) => x.code === 'ruleset/no-word-fits');
    expect(w?.message).toMatch(/, \(0,0\)\.\.\(0,1\), has 2 cells, and the shortest word of the dictionaries, 'ABE', has 3 characters/);
    // the language server passes the shortest word instead of the dictionaries
    expect(loadRuleset(files({ cardtable: tight.cardtable, dictionaries: [] }), { shortestWord: 'ABEE' }).diagnostics.map((x) => x.code)).toContain('ruleset/no-word-fits');
  });

  it('warns when no word can be spelled with the cards, wildcards included (ruleset/no-word-spellable), naming the nearest word and what it lacks', () => {
    // words of two E or more, no E card and one wildcard: 'BEE' lacks 'E', 'E' (one more than the wildcard)
    const dict = { name: 'x.dict', text: 'beee\nbee\nbeeb\n' };
    const one = files({ cardset: { name: 'x.cardset', text: '6\n[A 1] [B 3] [B 3] [ß 1] [  0] [ß 9]\n' }, dictionaries: [dict] });
    const d = loadRuleset(one).diagnostics.filter((x) => x.code === 'ruleset/no-word-spellable');
    expect(d.map((x) => [x.file, x.severity, x.range, x.message])).toEqual([
      ['x.cardset', 'warning', { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, "no word of the dictionaries can be spelled with the cards, the wildcard included: the nearest, 'BEE', needs 2 cards the card set does not have ('E', 'E'): no move is ever possible"],
    ]);
    // a second wildcard spells it; so does an E (é is an equivalent) with the wildcard, or two without
    const codes = (cardset: string) => loadRuleset(files({ cardset: { name: 'x.cardset', text: cardset }, dictionaries: [dict] })).diagnostics.map((x) => x.code);
    expect(codes('6\n[A 1] [B 3] [B 3] [ß 1] [  0] [  0]\n')).not.toContain('ruleset/no-word-spellable');
    expect(codes('6\n[A 1] [B 3] [é 3] [ß 1] [  0] [ß 9]\n')).not.toContain('ruleset/no-word-spellable');
    expect(codes('6\n[A 1] [B 3] [é 3] [E 1] [ß 1] [ß 9]\n')).not.toContain('ruleset/no-word-spellable');
    // no wildcard, no E: said so
    expect(loadRuleset(files({ cardset: { name: 'x.cardset', text: '4\n[A 1] [B 3] [B 3] [ß 9]\n' }, dictionaries: [dict] }), { players: 1 }).diagnostics.find((x) => x.code === 'ruleset/no-word-spellable')?.message)
      .toBe("no word of the dictionaries can be spelled with the cards, which have no wildcard: the nearest, 'BEE', needs 2 cards the card set does not have ('E', 'E'): no move is ever possible");
    // not said of a card set whose errors left cards out, nor of one too small for the hands
    // (their errors say it), nor with no word (no-words says it)
    expect(codes('2\n[A 1] [ß 9]\n')).toEqual(expect.arrayContaining(['ruleset/not-enough-cards']));
    expect(codes('2\n[A 1] [ß 9]\n')).not.toContain('ruleset/no-word-spellable');
    expect(codes('6\n[A 1] [B 3] [B3] [ß 1] [  0] [ß 9]\n')).not.toContain('ruleset/no-word-spellable');
    expect(loadRuleset(files({ cardset: one.cardset, dictionaries: [] })).diagnostics.map((x) => x.code)).not.toContain('ruleset/no-word-spellable');
    // the language server passes the check instead of the dictionaries
    const asked: Array<Array<string | null>> = [];
    const viaOption = loadRuleset(files({ cardset: one.cardset, dictionaries: [] }), { spelling: (cards) => (asked.push(cards.map((c) => c.char)), { spelled: null, nearest: { word: 'BEE', lacking: ['E', 'E'], wildcards: 1 } }) });
    expect(asked).toEqual([['A', 'B', 'B', 'ß', null, 'ß']]);
    expect(viaOption.diagnostics.find((x) => x.code === 'ruleset/no-word-spellable')?.message).toBe(d[0]!.message);
  });

  it('warns when every word the cards spell is longer than a hand (ruleset/no-word-in-hand): a first move is laid from one hand', () => {
    // hands of 2 (files()' bonus): BEE is spelled, but only AB fits a hand, and it lacks A
    const dict = { name: 'x.dict', text: 'bee\nab\n' };
    const at = (cardset: string) => loadRuleset(files({ cardset: { name: 'x.cardset', text: cardset }, dictionaries: [dict] }), { players: 1 }).diagnostics.filter((x) => x.code.startsWith('ruleset/no-word'));
    expect(at('4\n[B 3] [E 1] [E 1] [ß 9]\n').map((x) => [x.file, x.severity, x.code, x.message])).toEqual([
      ['x.cardset', 'warning', 'ruleset/no-word-in-hand', "every word the cards can spell is longer than a hand of 2 cards ('BEE' has 3 characters): a first move is laid from one hand, so no move is ever possible"],
    ]);
    // an A card, or a wildcard, spells AB in a hand: nothing said
    expect(at('4\n[B 3] [E 1] [E 1] [A 1]\n')).toEqual([]);
    expect(at('4\n[B 3] [E 1] [E 1] [  0]\n')).toEqual([]);
    // no word at all: the nearest, as before
    expect(at('4\n[ß 3] [E 1] [E 1] [ß 9]\n').map((x) => x.code)).toEqual(['ruleset/no-word-spellable']);
    // the language server passes the check instead: asked with no bound, then with the hand's
    const asked: Array<number | undefined> = [];
    const viaOption = loadRuleset(files({ cardset: { name: 'x.cardset', text: '4\n[B 3] [E 1] [E 1] [ß 9]\n' }, dictionaries: [] }), {
      players: 1,
      spelling: (_cards, max) => (asked.push(max), max === undefined ? { spelled: 'BEE', nearest: null } : { spelled: null, nearest: { word: 'AB', lacking: ['A'], wildcards: 0 } }),
    });
    expect(asked).toEqual([undefined, 2]);
    expect(viaOption.diagnostics.filter((x) => x.code === 'ruleset/no-word-in-hand')).toHaveLength(1);
  });

  it('spelling: words longer than the bound are passed over', () => {
    const cards = [{ char: 'A' }, { char: 'B' }, { char: 'C' }];
    expect(spelling([['ABC', 'AB']], cards)).toEqual({ spelled: 'ABC', nearest: null });
    expect(spelling([['ABC', 'AB']], cards, 2)).toEqual({ spelled: 'AB', nearest: null });
    expect(spelling([['ABC', 'ZZ']], cards, 2)).toEqual({ spelled: null, nearest: { word: 'ZZ', lacking: ['Z', 'Z'], wildcards: 0 } });
    expect(spelling([['ABC']], cards, 2)).toEqual({ spelled: null, nearest: null });
    expect(spelling([['A\u{1F600}']], [{ char: 'A' }, { char: '\u{1F600}' }], 2)).toEqual({ spelled: 'A\u{1F600}', nearest: null });
  });

  it('spelling: the first spellable word settles it; astral characters are one card each', () => {
    const nearest = (lists: string[][], cards: Array<{ char: string | null }>) => {
      const s = spelling(lists, cards);
      return s.spelled === null ? s.nearest : null;
    };
    expect(nearest([['ZZ', 'AB']], [{ char: 'A' }, { char: 'B' }])).toBeNull();
    expect(nearest([['ZZ'], ['AB']], [{ char: 'A' }, { char: 'B' }])).toBeNull();
    expect(nearest([['ZZZ', 'AZ']], [{ char: 'A' }, { char: 'B' }])).toEqual({ word: 'AZ', lacking: ['Z'], wildcards: 0 });
    // a character between the cards' (B, between A and Z) is on no card either
    expect(nearest([['B', 'ABZ']], [{ char: 'A' }, { char: 'Z' }])).toEqual({ word: 'B', lacking: ['B'], wildcards: 0 });
    expect(nearest([['B', 'AZ']], [{ char: 'A' }, { char: 'Z' }])).toBeNull();
    expect(nearest([['A\u{1F600}']], [{ char: 'A' }, { char: null }])).toBeNull();
    expect(nearest([['A\u{1F600}\u{1F600}']], [{ char: 'A' }, { char: '\u{1F600}' }])).toEqual({ word: 'A\u{1F600}\u{1F600}', lacking: ['\u{1F600}'], wildcards: 0 });
    expect(spelling([['AB']], [])).toEqual({ spelled: null, nearest: null });
    expect(nearest([[]], [{ char: 'A' }])).toBeNull();
  });

  it('not-enough-cards says "1 player", not "1 players"', () => {
    const d = loadRuleset(files({ cardset: { name: 'x.cardset', text: '1\n[A 1]\n' } }), { players: 1 }).diagnostics.find((x) => x.code === 'ruleset/not-enough-cards');
    expect(d?.message).toMatch(/^1 card is too few for 1 player with 2 cards each/);
  });
});
