// Markdown as plain text for a client that declares none (core/language/degrade.ts).
import { describe, expect, it } from 'vitest';
import { markdownToPlain } from '../../core/language/degrade.js';

describe('markdownToPlain', () => {
  it('drops the marks the service writes and keeps every word', () => {
    expect(markdownToPlain('**A** worth 1\n\nequivalents: `A` `a`')).toBe('A worth 1\n\nequivalents: A a');
    expect(markdownToPlain('a *stressed* word, 2 * 3 * 4')).toBe('a stressed word, 2 * 3 * 4');
    // a code span's text is literal: marks inside it stay
    expect(markdownToPlain('`**` and `*x*` are cards')).toBe('** and *x* are cards');
    expect(markdownToPlain('1\\. not a list, \\*not emphasis\\*')).toBe('1. not a list, *not emphasis*');
    expect(markdownToPlain('(1,1) = B2** no pair')).toBe('(1,1) = B2** no pair');
  });
});
