// Every diagnostic code: an input that triggers it, with its exact range, severity and
// message, and nothing else reported. The table also proves docs/diagnostics.md complete.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_DIAGNOSTICS, decodeText, parseCharset, parseFile, withoutDecodingEchoes } from '../../core/formats/index.js';
import type { Diagnostic, FileKind } from '../../core/formats/index.js';
import { SEED, brief, documentedCodes } from './helpers.js';

type R = [number, number, number, number];
type Expected = [code: string, range: R, message: string, severity?: 'warning' | 'information'];

interface Case {
  kind: FileKind;
  text: string;
  /** Check characters against the seed's A-Z charset. */
  az?: boolean;
  /** Or against this charset's text. */
  charset?: string;
  want: Expected[];
}

const AZ = parseCharset(SEED.charset).value;
const T = '2*2\n(0,0)\n'; // a small table's head, for card-table cases

const cases: Record<string, Case> = {
  // ---- charset
  'charset/blank-line': { kind: 'charset', text: '2\nAa\n\nBb\n', want: [['charset/blank-line', [2, 0, 2, 0], 'blank line ignored: every line after the count lists one character and its equivalents', 'warning']] },
  'charset/trailing-whitespace': { kind: 'charset', text: '1\nAa  \n', want: [['charset/trailing-whitespace', [1, 2, 1, 4], 'white space at the end of a line is ignored', 'warning']] },
  // (said under charset/trailing-whitespace before)
  'charset/leading-whitespace': { kind: 'charset', text: '1\n\tAa\n', want: [['charset/leading-whitespace', [1, 0, 1, 1], 'white space at the start of a line is ignored', 'warning']] },
  'charset/count-too-large': { kind: 'charset', text: '12345678901\nA\n', want: [['charset/count-too-large', [0, 0, 0, 11], "the count '12345678901' is too large"]] },
  'charset/missing-count': { kind: 'charset', text: 'Aa\nBb\n', want: [['charset/missing-count', [0, 0, 0, 2], "the first line must be the number of characters, found 'Aa'"]] },
  // a count written as a word: not read as characters (it gave duplicate-character errors, and the card set's checks its letters)
  'charset/missing-count (a word)': { kind: 'charset', text: 'nine\nAa\nBb\n', want: [['charset/missing-count', [0, 0, 0, 4], "the first line must be the number of characters, in digits, found 'nine': it is not read as characters"]] },
  'charset/missing-count (with a digit)': { kind: 'charset', text: '9 letters\nAa\n', want: [['charset/missing-count', [0, 0, 0, 9], "the first line must be the number of characters, in digits, found '9 letters': it is not read as characters"]] },
  'charset/missing-count (empty)': { kind: 'charset', text: '', want: [['charset/missing-count', [0, 0, 0, 0], 'the charset is empty: the first line must be the number of characters']] },
  'charset/whitespace': { kind: 'charset', text: '1\nA  a\n', want: [['charset/whitespace', [1, 1, 1, 3], 'white space inside a line: equivalent characters are written together, without spaces']] },
  'charset/control-character': { kind: 'charset', text: '1\nA\u0001\n', want: [['charset/control-character', [1, 1, 1, 2], 'U+0001 is a control character or a lone surrogate, not a character of text']] },
  'charset/duplicate-character': { kind: 'charset', text: '2\nAa\nBa\n', want: [['charset/duplicate-character', [2, 1, 2, 2], "'a' is already listed on line 2"]] },
  'charset/duplicate-character (digraph)': { kind: 'charset', text: '3\nCc\nHh\nCHch\n', want: [
    ['charset/duplicate-character', [3, 0, 3, 1], "'C' is already listed on line 2. A line lists one character and its equivalents, and a card holds exactly one character: a digraph (CHch) needs a character of its own (such as Č), with the dictionary written in it"],
    ['charset/duplicate-character', [3, 1, 3, 2], "'H' is already listed on line 3"],
    ['charset/duplicate-character', [3, 2, 3, 3], "'c' is already listed on line 2"],
    ['charset/duplicate-character', [3, 3, 3, 4], "'h' is already listed on line 3"],
  ] },
  // N and G: Ŋ, the letter that stands for NG (it said "such as Ç" of every digraph); a letter
  // the charset has is not the example (Czech has Č and CH)
  'charset/duplicate-character (digraph NG)': { kind: 'charset', text: '3\nNn\nGg\nNGng\n', want: [
    ['charset/duplicate-character', [3, 0, 3, 1], "'N' is already listed on line 2. A line lists one character and its equivalents, and a card holds exactly one character: a digraph (NGng) needs a character of its own (such as Ŋ), with the dictionary written in it"],
    ['charset/duplicate-character', [3, 1, 3, 2], "'G' is already listed on line 3"],
    ['charset/duplicate-character', [3, 2, 3, 3], "'n' is already listed on line 2"],
    ['charset/duplicate-character', [3, 3, 3, 4], "'g' is already listed on line 3"],
  ] },
  'charset/several-letters (CH, with Č listed)': { kind: 'charset', text: '3\nAa\nČč\nCHch\n', want: [['charset/several-letters', [3, 0, 3, 4], "this line makes 'C', 'H', 'c', 'h' one letter, equivalents a word may use alike: a card holds exactly one character, so if CH is a digraph it needs a character of its own (such as Ĉ), with the dictionary written in it; if they are letters of their own, write each on a line of its own (Cc, Hh)", 'warning']] },
  'charset/several-letters': { kind: 'charset', text: '2\nAa\nCHch\n', want: [['charset/several-letters', [2, 0, 2, 4], "this line makes 'C', 'H', 'c', 'h' one letter, equivalents a word may use alike: a card holds exactly one character, so if CH is a digraph it needs a character of its own (such as Č), with the dictionary written in it; if they are letters of their own, write each on a line of its own (Cc, Hh)", 'warning']] },
  'charset/duplicate-character (a doubled letter: a digraph)': {
    kind: 'charset', text: '2\nAa\nLLll\n',
    want: [
      ['charset/duplicate-character', [2, 1, 2, 2], "'L' appears twice on this line. A line lists one character and its equivalents, and a card holds exactly one character: a digraph (LLll) needs a character of its own (such as Ľ), with the dictionary written in it"],
      ['charset/duplicate-character', [2, 3, 2, 4], "'l' appears twice on this line"],
    ],
  },
  'charset/several-letters (a letter of another script that looks like the other letter\'s kind)': {
    kind: 'charset', text: '1\nHη\n',
    want: [['charset/several-letters', [1, 0, 1, 2], "'H' (U+0048) looks like 'Η' (U+0397), a letter of another script, of the same kind as the other letter of this line: typed on another keyboard layout? With 'Η' (U+0397) the line is one letter, Ηη", 'warning']],
  },
  'charset/split-case (one letter\'s cases on two lines, the other lines pairing them)': {
    kind: 'charset', text: '4\nA\nBb\na\nİi\n',
    want: [['charset/split-case', [3, 0, 3, 1], "'a' is apart from 'A' of line 2, while other lines pair the cases (Bb): the two are then different letters, and a word written with one is not spelled with the other's cards. Write one line `Aa` in place of the two", 'warning']],
  },
  'charset/split-case (not said of a charset of one case, nor of Turkish I and İ, each line pairing cases)': { kind: 'charset', text: '4\nA\nB\nIı\nİi\n', want: [] },
  'charset/lookalike-line': {
    kind: 'charset', text: '3\nAa\nΑα\nBb\n',
    want: [['charset/lookalike-line', [2, 0, 2, 2], "'Α' (U+0391) looks like 'A' (U+0041) of line 2 (Aa), a letter of another script: typed on another keyboard layout? The two are different letters, and a word typed with one is not spelled with the other", 'warning']],
  },
  'charset/lookalike-line (two letters of one script alike: Cyrillic І and Ӏ)': { kind: 'charset', text: '2\nІі\nӀӏ\n', want: [] },
  'charset/several-letters (accents and case aside)': { kind: 'charset', text: '3\nEeÉéÈè\nßẞ\nΣσς\n', want: [] },
  'charset/several-letters (after a repeat)': { kind: 'charset', text: '3\nHh\nCHcRh\nx\n', want: [
    ['charset/duplicate-character', [2, 1, 2, 2], "'H' is already listed on line 2"],
    ['charset/duplicate-character', [2, 4, 2, 5], "'h' is already listed on line 2"],
    ['charset/several-letters', [2, 0, 2, 5], "this line makes 'C', 'c', 'R' one letter, equivalents a word may use alike: a card holds exactly one character, so if CR is a digraph it needs a character of its own (such as Č), with the dictionary written in it; if they are letters of their own, write each on a line of its own (Cc, R)", 'warning'],
  ] },
  'charset/duplicate-character (same line)': { kind: 'charset', text: '1\nÄaÄ\n', want: [['charset/duplicate-character', [1, 2, 1, 3], "'Ä' (U+00C4) appears twice on this line"]] },
  'charset/combining-mark': { kind: 'charset', text: '1\nn\u0308\n', want: [['charset/combining-mark', [1, 1, 1, 2], "'\u25cc\u0308' (U+0308) is a combining mark: every code point is a character of its own, so it does not combine with the character before it", 'warning']] },
  'charset/unusable-character': { kind: 'charset', text: '2\nA\n[{\n', want: [['charset/unusable-character', [2, 0, 2, 1], "'[' cannot be written on a card: the card set syntax `[x #]` uses it", 'warning']] },
  'charset/empty': { kind: 'charset', text: '0\n', want: [['charset/empty', [0, 0, 0, 1], 'the charset declares no characters: a game needs at least one']] },
  'charset/count-mismatch': { kind: 'charset', text: '3\nAa\nBb\n', want: [['charset/count-mismatch', [0, 0, 0, 1], '3 characters are declared but 2 lines follow']] },

  // ---- cardset
  'cardset/missing-count': { kind: 'cardset', text: '[A 1]\n', want: [['cardset/missing-count', [0, 0, 0, 1], 'the card set must start with the total number of cards']] },
  'cardset/missing-count (empty)': { kind: 'cardset', text: ' \n', want: [['cardset/missing-count', [0, 0, 0, 0], 'the card set is empty: it must start with the total number of cards']] },
  'cardset/invalid-count': { kind: 'cardset', text: 'x1 [A 1]\n', want: [['cardset/invalid-count', [0, 0, 0, 2], "the card set must start with the total number of cards, found 'x1'"]] },
  'cardset/number-too-large': { kind: 'cardset', text: '1 [A 1234567890]\n', want: [['cardset/number-too-large', [0, 5, 0, 15], "the number '1234567890' is too large"]] },
  'cardset/number-too-large (count)': { kind: 'cardset', text: '1234567890 [A 1]\n', want: [['cardset/number-too-large', [0, 0, 0, 10], "the number '1234567890' is too large"]] },
  'cardset/unexpected-text': { kind: 'cardset', text: '2 [A 1] foo\n  bar [B 1]\n', want: [['cardset/unexpected-text', [0, 8, 1, 5], 'unexpected text: a card is written `[x #]`, such as `[A 6]`, or `[  0]` for a wildcard']] },
  'cardset/unterminated-card': { kind: 'cardset', text: '2 [A 1 \n[B 2]', want: [['cardset/unterminated-card', [0, 2, 0, 6], 'the card has no closing `]`']] },
  'cardset/empty-card': { kind: 'cardset', text: '1 []\n', want: [['cardset/empty-card', [0, 2, 0, 4], 'empty card `[]`: a card is written `[x #]`, such as `[A 6]`']] },
  'cardset/missing-space': { kind: 'cardset', text: '1 [A1]\n', want: [['cardset/missing-space', [0, 4, 0, 5], "expected a space after the card character, found '1': a card is written `[x #]`, such as `[A 6]`"]] },
  // A and E: Æ is the character of its own (it said "such as Ç")
  'cardset/missing-space (digraph AE)': { kind: 'cardset', text: '1 [AE 1]\n', want: [['cardset/missing-space', [0, 4, 0, 5], "expected a space after the card character, found 'E': a card holds exactly one character, so AE needs a character of its own in the charset (such as Æ), with the dictionary written in it"]] },
  'charset/several-letters (AE)': { kind: 'charset', text: '1\nAEae\n', want: [['charset/several-letters', [1, 0, 1, 4], "this line makes 'A', 'E', 'a', 'e' one letter, equivalents a word may use alike: a card holds exactly one character, so if AE is a digraph it needs a character of its own (such as Æ), with the dictionary written in it; if they are letters of their own, write each on a line of its own (Aa, Ee)", 'warning']] },
  // two equivalents of one letter: the letter written twice, not a digraph (it was told to give
  // Qq a character of its own, such as Ç)
  'cardset/missing-space (equivalents)': { kind: 'cardset', text: '1 [Qq 10]\n', az: true, want: [['cardset/missing-space', [0, 4, 0, 5], "expected a space after the card character, found 'q': Q and q are one letter in the charset, and a card holds one character: write `[Q 10]`"]] },
  'cardset/missing-space (digraph)': { kind: 'cardset', text: '1 [CH 5]\n', want: [['cardset/missing-space', [0, 4, 0, 5], "expected a space after the card character, found 'H': a card holds exactly one character, so CH needs a character of its own in the charset (such as Č), with the dictionary written in it"]] },
  'cardset/missing-space (digraph NG)': { kind: 'cardset', text: '1 [NG 5]\n', want: [['cardset/missing-space', [0, 4, 0, 5], "expected a space after the card character, found 'G': a card holds exactly one character, so NG needs a character of its own in the charset (such as Ŋ), with the dictionary written in it"]] },
  'cardset/missing-space (wildcard)': { kind: 'cardset', text: '1 [ -2]\n', want: [['cardset/missing-space', [0, 4, 0, 5], 'a wildcard needs two spaces, one for the missing character and the required one: `[  0]`']] },
  'cardset/wildcard-meaning': { kind: 'cardset', text: '1 [ E-2]\n', want: [['cardset/wildcard-meaning', [0, 4, 0, 5], 'a card set cannot fix what a wildcard means (`[ E-2]` is notation for a played wildcard): write `[  -2]`']] },
  // its points as written (it said `[  -2]` of every one); a space before a card's character
  // (`[ E 1]`) is said so, with the card to write (it was told of a wildcard's meaning and `[  -2]`)
  'cardset/wildcard-meaning (its points, and a space typed before the character)': { kind: 'cardset', text: '2 [ E3] [ E 1]\n', want: [
    ['cardset/wildcard-meaning', [0, 4, 0, 5], 'a card set cannot fix what a wildcard means (`[ E3]` is notation for a played wildcard): write `[  3]`'],
    ['cardset/wildcard-meaning', [0, 10, 0, 11], "a space before 'E': write `[E 1]` for a card of 'E', or `[  1]` (two spaces) for a wildcard"],
  ] },
  'cardset/invalid-character': { kind: 'cardset', text: '1 [\t 1]\n', want: [['cardset/invalid-character', [0, 3, 0, 4], 'U+0009 cannot be a card character: write a charset character, or a space for a wildcard']] },
  'cardset/invalid-points': { kind: 'cardset', text: '1 [A 1.5]\n', want: [['cardset/invalid-points', [0, 5, 0, 8], "the points must be an integer, found '1.5'"]] },
  // an integer with a space around it or a `+`: the card to write (it said only "found ' 1'")
  'cardset/invalid-points (spaces, a plus)': { kind: 'cardset', text: '3 [A 1 ] [A  2] [  +3]\n', want: [
    ['cardset/invalid-points', [0, 5, 0, 7], "the points must be an integer right after one space, found '1 ': write `[A 1]`"],
    ['cardset/invalid-points', [0, 12, 0, 14], "the points must be an integer right after one space, found ' 2': write `[A 2]`"],
    ['cardset/invalid-points', [0, 19, 0, 21], "the points must be an integer right after one space, found '+3': write `[  3]`"],
  ] },
  'cardset/invalid-points (none)': { kind: 'cardset', text: '1 [A]\n', want: [['cardset/invalid-points', [0, 4, 0, 5], 'the card has no points: a card is written `[x #]`, such as `[A 6]`']] },
  'cardset/points-range': { kind: 'cardset', text: '2 [A 100] [  -10]\n', want: [['cardset/points-range', [0, 5, 0, 8], '100 points do not fit a card face of two characters (-9..99); the game accepts them', 'warning'], ['cardset/points-range', [0, 13, 0, 16], '-10 points do not fit a card face of two characters (-9..99); the game accepts them', 'warning']] },
  'cardset/unknown-character': { kind: 'cardset', text: '2 [a 1] [Ä 1]\n', az: true, want: [['cardset/unknown-character', [0, 9, 0, 10], "'Ä' (U+00C4) is not in the charset"]] },
  'cardset/count-mismatch': { kind: 'cardset', text: '2\n[A 1]\n', want: [['cardset/count-mismatch', [0, 0, 0, 1], '2 cards are declared but 1 is listed']] },

  // ---- card table
  'cardtable/invalid-dimensions': { kind: 'cardtable', text: '19/10\n(0,0)\n(19,10)\n', want: [['cardtable/invalid-dimensions', [0, 0, 0, 5], 'expected the dimensions `width*height`, such as `19*10`']] },
  // `x` for `*`: said with the spelling to write, and read as meant, so that a later line
  // gets its own error, not "text after the end tag" over the rest of the file
  'cardtable/invalid-dimensions (x)': { kind: 'cardtable', text: '15x15\n(7,7)\n(6,6) l 2;\n(2,2) C 5;\n(16,16)\n', want: [
    ['cardtable/invalid-dimensions', [0, 0, 0, 5], "the dimensions are written `width*height`, with `*`: '15x15' is `15*15`"],
    ['cardtable/unknown-attribute', [2, 6, 2, 9], "unknown attribute 'l': attributes are written in upper case, `L 2`"],
  ] },
  'cardtable/invalid-dimensions (spaced x)': { kind: 'cardtable', text: '15 x 15\n(7,7)\n(16,16)\n', want: [['cardtable/invalid-dimensions', [0, 0, 0, 7], "the dimensions are written `width*height`, with `*`: '15 x 15' is `15*15`"]] },
  // dimensions unknown: a pair's attributes are still read as such, the pair ending the file is the end tag
  'cardtable/invalid-dimensions (unknown, later lines)': { kind: 'cardtable', text: 'abc\n(7,7)\n(6,6) l 2;\n(2,2) C 5;\n(16,16)\n', want: [
    ['cardtable/invalid-dimensions', [0, 0, 0, 3], 'expected the dimensions `width*height`, such as `19*10`'],
    ['cardtable/unknown-attribute', [2, 6, 2, 9], "unknown attribute 'l': attributes are written in upper case, `L 2`"],
  ] },
  'cardtable/invalid-dimensions (empty)': { kind: 'cardtable', text: '\n', want: [['cardtable/invalid-dimensions', [0, 0, 0, 0], 'the card table is empty: it starts with its dimensions `width*height`, such as `19*10`']] },
  'cardtable/dimensions-range': { kind: 'cardtable', text: '1001*0\n(0,0)\n(2000,0)\n', want: [['cardtable/dimensions-range', [0, 0, 0, 4], "width '1001' is out of range: width and height are 1..1000"], ['cardtable/dimensions-range', [0, 5, 0, 6], "height '0' is out of range: width and height are 1..1000"]] },
  'cardtable/number-too-large': { kind: 'cardtable', text: `${T}(1, 9999999999) B;\n(2,2)\n`, want: [['cardtable/number-too-large', [2, 4, 2, 14], "the number '9999999999' is too large"]] },
  'cardtable/invalid-coordinates': { kind: 'cardtable', text: `${T}(1 1) B;\n(2,2)\n`, want: [['cardtable/invalid-coordinates', [2, 0, 2, 4], 'expected coordinates `(column,row)`, two integers, such as `(10,0)`']] },
  'cardtable/missing-start': { kind: 'cardtable', text: '2*2\n(0,0) B;\n(2,2)\n', want: [['cardtable/missing-start', [1, 0, 1, 5], 'expected the start condition `(column,row)` before the first attribute line']] },
  'cardtable/missing-start (end of file)': { kind: 'cardtable', text: '2*2 \n', want: [['cardtable/missing-start', [0, 3, 0, 3], 'expected the start condition `(column,row)` after the dimensions, then the attribute lines and the end tag']] },
  'cardtable/unexpected-text': { kind: 'cardtable', text: `${T}foo bar\n(2,2)\n`, want: [['cardtable/unexpected-text', [2, 0, 2, 7], "unexpected text 'foo': expected an attribute line `(column,row) attributes;` or the end tag"]] },
  'cardtable/missing-semicolon': { kind: 'cardtable', text: `${T}(1,1) W 2\n(2,2)\n`, want: [['cardtable/missing-semicolon', [2, 9, 2, 9], 'expected `;` at the end of the attribute line']] },
  'cardtable/unknown-attribute': { kind: 'cardtable', text: `${T}(1,1) X 3 B;\n(2,2)\n`, want: [['cardtable/unknown-attribute', [2, 6, 2, 9], "unknown attribute 'X': use B (blocked), C points, L factor or W factor"]] },
  // a line whose only item is refused gets that item's error, not also "no attributes"
  // (and one in lower case is said to be written in upper case: it listed the four attributes)
  'cardtable/unknown-attribute (alone)': { kind: 'cardtable', text: `${T}(1,1) w 2;\n(2,2)\n`, want: [['cardtable/unknown-attribute', [2, 6, 2, 9], "unknown attribute 'w': attributes are written in upper case, `W 2`"]] },
  'cardtable/unknown-attribute (b in lower case)': { kind: 'cardtable', text: `${T}(1,1) b;\n(2,2)\n`, want: [['cardtable/unknown-attribute', [2, 6, 2, 7], "unknown attribute 'b': attributes are written in upper case, `B`"]] },
  'cardtable/missing-value': { kind: 'cardtable', text: `${T}(1,1) W;\n(2,2)\n`, want: [['cardtable/missing-value', [2, 6, 2, 7], 'W needs a factor, such as `W 2`']] },
  'cardtable/unexpected-text (attribute alone)': { kind: 'cardtable', text: `${T}(1,1) 2;\n(2,2)\n`, want: [['cardtable/unexpected-text', [2, 6, 2, 7], "unexpected text '2': use B (blocked), C points, L factor or W factor, then `;`"]] },
  'cardtable/factor-range': { kind: 'cardtable', text: `${T}(1,1) L 0;\n(2,2)\n`, want: [['cardtable/factor-range', [2, 8, 2, 9], 'a letter factor must be at least 1, found 0']] },
  'cardtable/duplicate-attribute': { kind: 'cardtable', text: `${T}(1,1) C 1 C 2;\n(2,2)\n`, want: [['cardtable/duplicate-attribute', [2, 10, 2, 13], 'C is already set on this line']] },
  'cardtable/missing-attributes': { kind: 'cardtable', text: `${T}(1,1) ;\n(2,2)\n`, want: [['cardtable/missing-attributes', [2, 0, 2, 5], 'no attributes for (1,1): use B (blocked), C points, L factor or W factor']] },
  'cardtable/blocked-attributes': { kind: 'cardtable', text: `${T}(1,1) B C 2;\n(2,2)\n`, want: [['cardtable/blocked-attributes', [2, 0, 2, 12], 'a blocked cell holds no card: its other attributes have no effect', 'warning']] },
  'cardtable/cell-outside': { kind: 'cardtable', text: `${T}(2, 0) B;\n(2,2)\n`, want: [['cardtable/cell-outside', [2, 0, 2, 6], 'cell (2,0) is outside the 2*2 table (columns 0..1, rows 0..1)']] },
  'cardtable/duplicate-cell (same line)': { kind: 'cardtable', text: `${T}(1,1) C 2; (0,1) B; (1,1) W 2;\n(2,2)\n`, want: [['cardtable/duplicate-cell', [2, 20, 2, 25], 'cell (1,1) is already given attributes earlier on this line: put all its attributes in one `(1,1) …;`']] },
  'cardtable/duplicate-cell': { kind: 'cardtable', text: `${T}(1,1) C 2;\n(1,1) W 2;\n(2,2)\n`, want: [['cardtable/duplicate-cell', [3, 0, 3, 5], 'cell (1,1) already has an attribute line (line 3): put all its attributes on one line']] },
  'cardtable/invalid-end-tag': { kind: 'cardtable', text: `${T}(1,1)\n(2,2)\n`, want: [['cardtable/invalid-end-tag', [2, 0, 2, 5], '(1,1) is inside the table: an end tag needs column >= 2 or row >= 2, and an attribute line needs attributes and `;`']] },
  'cardtable/text-after-end': { kind: 'cardtable', text: `${T}(2,2) foo\n\nbar  \n\n`, want: [['cardtable/text-after-end', [2, 6, 4, 3], 'text after the end tag: the end tag is the last line of the file']] },
  // the last item inside the table: the end tag written too small, said once (it was also "the
  // table has no end tag")
  'cardtable/invalid-end-tag (the last item)': { kind: 'cardtable', text: `${T}(1,1) B;\n(1,1)\n`, want: [['cardtable/invalid-end-tag', [3, 0, 3, 5], '(1,1) is inside the 2*2 table, so it is not the end tag: the end tag needs column >= 2 or row >= 2, such as `(2,2)`']] },
  'cardtable/missing-end-tag': { kind: 'cardtable', text: `${T}(1,1) B;\n\n`, want: [['cardtable/missing-end-tag', [2, 8, 2, 8], 'the table has no end tag: finish with a line such as `(2,2)`']] },
  // both off the table: no condition, which looks like a cell; one in range asks for a column or row (none)
  'cardtable/start-outside': { kind: 'cardtable', text: '2*2\n(5,-1)\n(2,2)\n', want: [['cardtable/start-outside', [1, 0, 1, 6], 'no start condition: (5,-1) names no column or row of the 2*2 table (columns 0..1, rows 0..1), so the first move may go anywhere. A column or a row in range asks the first move to touch it, both a cell to cover', 'information']] },
  'cardtable/start-blocked': { kind: 'cardtable', text: `${T}(0,0) B;\n(2,2)\n`, want: [['cardtable/start-blocked', [1, 0, 1, 5], 'the start cell (0,0) is blocked: no first move can cover it']] },
  'cardtable/unreachable-cells': { kind: 'cardtable', text: '5*1\n(0,0)\n(2,0) B;\n(5,1)\n', want: [['cardtable/unreachable-cells', [1, 0, 1, 5], '2 free cells can never be covered: blocked cells wall them off from where a game can start: (3,0) (4,0)', 'warning']] },
  'cardtable/no-first-move': { kind: 'cardtable', text: '3*2\n(1,9)\n(0,0) B;\n(2,0) B;\n(1,1) B;\n(3,0)\n', want: [['cardtable/no-first-move', [1, 0, 1, 5], 'no first move is possible: it needs two adjacent free cells in a row or column touching column 1']] },

  // ---- bonus
  'bonus/invalid-line': { kind: 'bonus', text: '0:-1\n 0 : one \n', want: [['bonus/invalid-line', [1, 1, 1, 8], "expected `key:value`, two integers such as `-1:-5`, found '0 : one'"], ['bonus/zero-hand-size', [0, 0, 0, 1], 'the hand size is 0: add keys -N..N (N the number of cards in a hand)']] },
  // two integers with another separator: the line to write, and its key not also "missing"
  // (`4 = 3` was said twice: invalid, and "key 4 is missing" on line 1)
  'bonus/invalid-line (another separator)': { kind: 'bonus', text: '-1:-1\n0:-1\n 1 = 2 \n-2:-2\n2 5\n', want: [
    ['bonus/invalid-line', [2, 1, 2, 6], "expected `key:value`, found '1 = 2': write `1:2`"],
    ['bonus/invalid-line', [4, 0, 4, 3], "expected `key:value`, found '2 5': write `2:5`"],
  ] },
  'bonus/number-too-large': { kind: 'bonus', text: '0:1234567890\n', want: [['bonus/number-too-large', [0, 2, 0, 12], "the number '1234567890' is too large"]] },
  'bonus/duplicate-key': { kind: 'bonus', text: '-1:0\n0:0\n1:0\n0 : 5\n', want: [['bonus/duplicate-key', [3, 0, 3, 1], 'key 0 is already set on line 2']] },
  'bonus/missing-key': { kind: 'bonus', text: '0:0\n-2:0\n2:1\n1:0\n', want: [['bonus/missing-key', [1, 0, 1, 2], 'key -1 is missing: with hand size 2 (from this key) every key from -2 to 2 needs a line']] },
  'bonus/missing-key (many)': { kind: 'bonus', text: '0:0\n100:1\n', want: [['bonus/missing-key', [1, 0, 1, 3], 'keys -100, -99, -98, -97, -96, -95, -94, -93 and 191 more are missing: with hand size 100 (from this key) every key from -100 to 100 needs a line']] },
  // a key far out with a refused line: the count and the names right (counted from the keys
  // there: a loop over the whole range, a billion wide, kept the fuzz test from ending)
  'bonus/missing-key (a key far out, a refused line)': { kind: 'bonus', text: '0:0\n99999999:1\n-99999999 = 2\n', want: [
    ['bonus/invalid-line', [2, 0, 2, 13], "expected `key:value`, found '-99999999 = 2': write `-99999999:2`"],
    ['bonus/missing-key', [1, 0, 1, 8], 'keys -99999998, -99999997, -99999996, -99999995, -99999994, -99999993, -99999992, -99999991 and 199,999,988 more are missing: with hand size 99999999 (from this key) every key from -99999999 to 99999999 needs a line'],
  ] },
  'bonus/empty': { kind: 'bonus', text: '\n \n', want: [['bonus/empty', [0, 0, 0, 0], 'the bonus file is empty: it needs lines `k:v` for every k from -N to N, where N is the hand size']] },
  'bonus/positive-pass (a pass or a trade that earns points: a sign typo)': {
    kind: 'bonus', text: '-1:5\n 0 : 2\n1:0\n',
    want: [
      ['bonus/positive-pass', [0, 0, 0, 4], 'trading 1 card earns 5 points, so robots will prefer trading to laying words: a trade usually costs points (write `-1:-5`)', 'warning'],
      ['bonus/positive-pass', [1, 1, 1, 6], 'a pass earns 2 points, so robots will prefer passing to laying words: a pass usually costs points (write `0:-2`)', 'warning'],
    ],
  },
  'bonus/zero-hand-size': { kind: 'bonus', text: '0:-1\n', want: [['bonus/zero-hand-size', [0, 0, 0, 1], 'the hand size is 0: add keys -N..N (N the number of cards in a hand)']] },

  // ---- dictionary
  'dictionary/too-short': { kind: 'dictionary', text: 'ab\n  a \n', want: [['dictionary/too-short', [1, 2, 1, 3], 'a word needs at least 2 characters']] },
  'dictionary/unknown-character': { kind: 'dictionary', text: 'straße\n', az: true, want: [['dictionary/unknown-character', [0, 4, 0, 5], "'ß' (U+00DF) is not in the charset"]] },
  'dictionary/unknown-character (astral, decomposed)': {
    kind: 'dictionary', text: 'a😀b\nCafe\u0301s\n', az: true,
    want: [['dictionary/unknown-character', [0, 1, 0, 3], "'😀' (U+1F600) is not in the charset"], ['dictionary/unknown-character', [1, 3, 1, 5], "'é' (U+00E9) is not in the charset"]],
  },
  'dictionary/unknown-character (a look-alike of another script)': {
    kind: 'dictionary', text: 'cаt\n', az: true,
    want: [['dictionary/unknown-character', [0, 1, 0, 2], "'а' (U+0430) is not in the charset, but 'a' (U+0061), which looks the same, is: a letter of another script?"]],
  },
  'cardset/unknown-character (a look-alike of another script)': {
    kind: 'cardset', text: '1 [а 1]\n', az: true,
    want: [['cardset/unknown-character', [0, 3, 0, 4], "'а' (U+0430) is not in the charset, but 'a' (U+0061), which looks the same, is: a letter of another script?"]],
  },
  // its other case on a line of its own (a charset of one case): said so, with what to write
  // (it said only "not in the charset", and its fix added the letter as another one)
  'dictionary/unknown-character (its other case listed)': {
    kind: 'dictionary', text: 'Bat\n', charset: '3\na\nb\nt\n',
    want: [['dictionary/unknown-character', [0, 0, 0, 1], "'B' is not in the charset, but 'b' is: write 'B' on the line of 'b' to make them one letter"]],
  },
  'cardset/unknown-character (its other case listed)': {
    kind: 'cardset', text: '1 [T 1]\n', charset: '3\na\nb\nt\n',
    want: [['cardset/unknown-character', [0, 3, 0, 4], "'T' is not in the charset, but 't' is: write 'T' on the line of 't' to make them one letter"]],
  },
  'dictionary/whitespace': { kind: 'dictionary', text: 'ice  cream\n', want: [['dictionary/whitespace', [0, 3, 0, 5], 'white space inside a word: a dictionary has one word a line']] },
};

function check(c: Case): Diagnostic[] {
  return parseFile(c.kind, c.text, c.az ? AZ : c.charset !== undefined ? parseCharset(c.charset).value : undefined).diagnostics;
}

describe('every diagnostic code, with its exact range and message', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(name, () => {
      expect(check(c).map(brief)).toEqual(c.want.map(([code, range, message, severity]) => ({ code, severity: severity ?? 'error', range, message })));
    });
  }

  it('dictionary/unknown-character: Latin letters in a Greek word list name their Greek look-alikes, in a Greek word and in a Latin-only line alike', () => {
    const greek = parseCharset('3\nΑα\nΒβ\nΓγ\n').value;
    const d = parseFile('dictionary', 'ΑBΓ\nAB\nQΓ\n', greek).diagnostics.map((x) => [x.range.start.line, x.range.start.character, x.message]);
    const like = (l: string, g: string) => `'${l}' (U+00${l.charCodeAt(0).toString(16).toUpperCase()}) is not in the charset, but '${g}' (U+0${g.charCodeAt(0).toString(16).toUpperCase()}), which looks the same, is: a letter of another script?`;
    expect(d).toEqual([[0, 1, like('B', 'Β')], [1, 0, like('A', 'Α')], [1, 1, like('B', 'Β')], [2, 0, "'Q' is not in the charset"]]);
  });

  it('file/invalid-utf8: each invalid sequence, where its U+FFFD is in the text as written; a written U+FFFD is not reported', () => {
    const enc = new TextEncoder();
    // Line 0: decomposed é (two units, as an editor shows them), then a bad byte; line 1: a real U+FFFD, then a truncated sequence.
    const bytes = new Uint8Array([...enc.encode('e\u0301'), 0xff, 0x0a, ...enc.encode('\ufffd'), 0x61, 0xe2, 0x82]);
    const { text, diagnostics } = decodeText(bytes);
    expect(text).toBe('e\u0301\ufffd\n\ufffda\ufffd');
    expect(diagnostics.map(brief)).toEqual([
      { code: 'file/invalid-utf8', severity: 'error', range: [0, 2, 0, 3], message: 'invalid UTF-8 byte sequence, replaced by U+FFFD' },
      { code: 'file/invalid-utf8', severity: 'error', range: [1, 2, 1, 3], message: 'invalid UTF-8 byte sequence, replaced by U+FFFD' },
    ]);
  });

  it('file/utf16: a UTF-16 file (by its byte order mark, or its zero bytes) is said so once and read as UTF-16', () => {
    const le = (t: string) => [...t].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]);
    const be = (t: string) => [...t].flatMap((c) => [c.charCodeAt(0) >> 8, c.charCodeAt(0) & 0xff]);
    const said = (m: string) => [{ code: 'file/utf16', severity: 'error', range: [0, 0, 0, 0], message: `the file is UTF-16 (${m}), not UTF-8: Cardwords files are UTF-8; save it as UTF-8` }];
    for (const [bytes, order] of [[[0xff, 0xfe, ...le('canción\nniño\n')], 'little-endian'], [[0xfe, 0xff, ...be('canción\n')], 'big-endian'], [le('hola\nadiós\n'), 'little-endian'], [be('hola\n'), 'big-endian']] as const) {
      const { text, diagnostics } = decodeText(new Uint8Array(bytes));
      expect(diagnostics.map(brief)).toEqual(said(order));
      expect(text).not.toContain('\u0000');
      expect(text.startsWith('canción') || text.startsWith('hola')).toBe(true);
      // and nothing else: no control characters, no bad bytes
      expect(parseFile('dictionary', text).diagnostics).toEqual([]);
    }
  });

  it('file/invalid-utf8 in a file that reads as Latin-1 / Windows-1252: said once, with the count, and read so', () => {
    const { text, diagnostics } = decodeText(new Uint8Array([...new TextEncoder().encode('canci'), 0xf3, 0x6e, 0x0a, 0x6e, 0x69, 0xf1, 0x6f, 0x0a]));
    expect(text).toBe('canción\nniño\n');
    expect(diagnostics.map(brief)).toEqual([
      { code: 'file/invalid-utf8', severity: 'error', range: [0, 5, 0, 6], message: "the file is not UTF-8: it looks like Latin-1 or Windows-1252 (2 bytes are not UTF-8; this one, F3, reads 'ó' (U+00F3) there): save it as UTF-8" },
    ]);
    // a UTF-8 file with a stray bad byte is not Latin-1: each bad sequence, as before
    const mixed = decodeText(new Uint8Array([...new TextEncoder().encode('canción\nni'), 0xf1, 0x6f, 0x0a]));
    expect(mixed.diagnostics.map(brief)).toEqual([{ code: 'file/invalid-utf8', severity: 'error', range: [1, 2, 1, 3], message: 'invalid UTF-8 byte sequence, replaced by U+FFFD' }]);
    // and the parsers' "'�' (U+FFFD) is not in the charset" at the same place is dropped
    const parsed = parseFile('dictionary', mixed.text, parseCharset('3\nNn\nIi\nOo\n').value).diagnostics;
    expect(parsed.map((d) => d.code)).toContain('dictionary/unknown-character');
    expect(withoutDecodingEchoes(mixed.diagnostics, parsed).filter((d) => d.range.start.line === 1)).toEqual([]);
  });

  it('file/binary: the first NUL, once', () => {
    const { text, diagnostics } = decodeText(new Uint8Array([0x61, 0x0d, 0x0a, 0x62, 0x00, 0x00]));
    expect(diagnostics.map(brief)).toEqual([{ code: 'file/binary', severity: 'error', range: [1, 1, 1, 2], message: 'the file contains NUL bytes: it looks like a binary file, not text' }]);
    // the parsers' "U+0000 is not in the charset" on that NUL is dropped (the second NUL's stays)
    const parsed = parseFile('dictionary', text, parseCharset('2\nAa\nBb\n').value).diagnostics;
    expect(parsed.filter((d) => d.code === 'dictionary/unknown-character').map((d) => d.range.start.character)).toEqual([1, 2]);
    expect(withoutDecodingEchoes(diagnostics, parsed).filter((d) => d.code === 'dictionary/unknown-character').map((d) => d.range.start.character)).toEqual([2]);
  });

  it(`file/too-many-diagnostics: after ${MAX_DIAGNOSTICS} problems, once, at the first one left out`, () => {
    const text = 'x\n'.repeat(MAX_DIAGNOSTICS + 500);
    const { diagnostics } = parseFile('dictionary', text);
    expect(diagnostics).toHaveLength(MAX_DIAGNOSTICS + 1);
    expect(diagnostics.slice(0, MAX_DIAGNOSTICS).every((d) => d.code === 'dictionary/too-short')).toBe(true);
    expect(brief(diagnostics[MAX_DIAGNOSTICS]!)).toEqual({
      code: 'file/too-many-diagnostics', severity: 'warning', range: [MAX_DIAGNOSTICS, 0, MAX_DIAGNOSTICS, 1], message: `more than ${MAX_DIAGNOSTICS.toLocaleString('en')} problems: only the first ${MAX_DIAGNOSTICS.toLocaleString('en')} are shown`,
    });
  });

  it('docs/diagnostics.md documents exactly the codes tested here', () => {
    const tested = new Set<string>(['file/invalid-utf8', 'file/utf16', 'file/binary', 'file/too-many-diagnostics']);
    for (const c of Object.values(cases)) for (const [code] of c.want) tested.add(code);
    expect([...documentedCodes()].sort()).toEqual([...tested].sort());
  });
});

describe('cells no move can reach (cardtable/unreachable-cells)', () => {
  const warned = (text: string) => parseFile('cardtable', text).diagnostics.filter((d) => d.code === 'cardtable/unreachable-cells').map((d) => d.message);
  it('a group of free cells where no first move fits is never played; one cell alone is named in the singular', () => {
    // 3*3, the middle row blocked: the start in the top row, the bottom row walled off
    expect(warned('3*3\n(1,0)\n(0,1) B;\n(1,1) B;\n(2,1) B;\n(3,3)\n')).toEqual(['3 free cells can never be covered: blocked cells wall them off from where a game can start: (0,2) (1,2) (2,2)']);
    // a free cell with blocked cells all round: no word can reach it
    expect(warned('3*3\n(0,0)\n(2,1) B;\n(1,2) B;\n(3,3)\n')).toEqual(['1 free cell can never be covered: blocked cells wall it off from where a game can start: (2,2)']);
  });

  it('a start column through two groups: either may be played, nothing is unreachable; without a start condition neither', () => {
    expect(warned('3*3\n(1,9)\n(0,1) B;\n(1,1) B;\n(2,1) B;\n(3,3)\n')).toEqual([]);
    expect(warned('3*3\n(9,9)\n(0,1) B;\n(1,1) B;\n(2,1) B;\n(3,3)\n')).toEqual([]);
    // the samples have none
    for (const dir of ['tiny/tiny', 'seed-example/example', 'english/english']) expect(warned(readFileSync(`samples/${dir}.cardtable`, 'utf8'))).toEqual([]);
  });

  it('names the first eight, then an ellipsis', () => {
    // a 12*3 table, the middle row blocked: the twelve bottom cells walled off
    const blocked = Array.from({ length: 12 }, (_, x) => `(${x},1) B;\n`).join('');
    expect(warned(`12*3\n(0,0)\n${blocked}(12,3)\n`)).toEqual(['12 free cells can never be covered: blocked cells wall them off from where a game can start: (0,2) (1,2) (2,2) (3,2) (4,2) (5,2) (6,2) (7,2) …']);
  });
});

describe('ranges in non-NFC text point at what is written', () => {
  it('a decomposed card character is reported over both code points', () => {
    const { diagnostics } = parseFile('cardset', '1 [A\u0308 1]', AZ);
    expect(diagnostics.map(brief)).toEqual([{ code: 'cardset/unknown-character', severity: 'error', range: [0, 3, 0, 5], message: "'Ä' (U+00C4) is not in the charset" }]);
  });

  it('a decomposed duplicate in a charset', () => {
    const { value, diagnostics } = parseFile('charset', '2\nÄ\nxA\u0308\n');
    expect(diagnostics.map(brief)).toEqual([{ code: 'charset/duplicate-character', severity: 'error', range: [2, 1, 2, 3], message: "'Ä' (U+00C4) is already listed on line 2" }]);
    expect(value.entries.map((e) => e.equivalents)).toEqual([['Ä'], ['x']]);
  });
});
