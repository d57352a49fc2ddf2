import { describe, expect, it } from 'vitest';
import { parseCharset } from '../../core/formats/index.js';
import { countCharacters, printSuggestedCardset, suggestCardset } from '../../core/ruleset/distribution.js';
import { chartSlot } from '../../extension/webview/chart.js';

const charset = parseCharset('4\nAa\nBb\nCc\nß\n').value;

describe('countCharacters', () => {
  it('counts canonical characters, folding equivalents and ignoring the rest', () => {
    const d = countCharacters(charset, ['Aab c!', 'xyz ßß ẞ']);
    expect(d.chars).toEqual(['A', 'B', 'C', 'ß']);
    expect(d.counts).toEqual([2, 1, 1, 2]);
    expect(d.total).toBe(6);
  });
});

describe('suggestCardset', () => {
  const dist = { chars: ['A', 'B', 'C', 'D'], counts: [600, 300, 90, 10], total: 1000 };

  it('gives exactly n cards, proportional to the counts, every present character at least once', () => {
    const s = suggestCardset(dist, 20);
    expect(s.reduce((t, c) => t + c.count, 0)).toBe(20);
    expect(s.map((c) => [c.char, c.count])).toEqual([
      ['A', 11],
      ['B', 6],
      ['C', 2],
      ['D', 1],
    ]);
  });

  it('gives points that fall as frequency rises, 1 for the commonest and the maximum for the rarest', () => {
    const s = suggestCardset(dist, 20, 0, 10);
    const points = s.map((c) => c.points);
    expect(points[0]).toBe(1);
    expect(points[3]).toBe(10);
    for (let i = 1; i < points.length; i++) expect(points[i]!).toBeGreaterThanOrEqual(points[i - 1]!);
  });

  it('counts wildcards within n and prints valid card set syntax', () => {
    const s = suggestCardset(dist, 10, 2);
    const text = printSuggestedCardset(s);
    expect(text.split('\n')[0]).toBe('10');
    expect(text).toContain('[  0] [  0]');
    expect((text.match(/\[/g) ?? []).length).toBe(10);
  });
});

describe('the distribution chart in a VS Code column (extension/webview/chart.ts)', () => {
  it('narrows its groups to fit the panel, never below a legible label, and keeps them when there is room', () => {
    // 26 letters, two bars each: 26 px a group when there is room (730 px in all)
    expect(chartSlot(26, 2)).toBe(26);
    expect(chartSlot(26, 2, 1200)).toBe(26);
    // a 600 px column: 21 px a group, the whole chart within it
    const slot = chartSlot(26, 2, 600);
    expect(slot).toBe(21);
    expect(44 + 26 * slot + 10).toBeLessThanOrEqual(600);
    // German's 30 characters in a 400 px column: 14 px, the narrowest (then the box scrolls)
    expect(chartSlot(30, 2, 400)).toBe(14);
    expect(chartSlot(30, 2, 0)).toBe(14);
  });
});
