// Builds card tables, contexts and word stores directly, for tests.
import type { CardTable, CellAttributes } from '../../core/formats/types.js';
import type { Board, Card, RulesContext } from '../../core/games/cardwords/types.js';
import { WordStore } from '../../core/words/store.js';
import { Rng } from '../../core/random.js';

export interface TableSpec {
  width: number;
  height: number;
  /** Start cell/column/row; null for none. */
  touchColumn?: number | null;
  touchRow?: number | null;
  cells?: Record<string, Partial<CellAttributes>>;
}

export function makeTable(spec: TableSpec): CardTable {
  const { width, height } = spec;
  const cells: CellAttributes[] = [];
  for (let i = 0; i < width * height; i++) cells.push({ blocked: false, points: 0, letterFactor: 1, wordFactor: 1 });
  for (const [key, attr] of Object.entries(spec.cells ?? {})) {
    const [c, r] = key.split(',').map(Number) as [number, number];
    Object.assign(cells[r * width + c]!, attr);
  }
  const touchColumn = spec.touchColumn ?? null;
  const touchRow = spec.touchRow ?? null;
  return {
    width,
    height,
    start: { column: touchColumn ?? width, row: touchRow ?? height, touchColumn, touchRow },
    endTag: { column: width, row: height },
    cells,
    lines: [],
  };
}

export function bonusMap(handSize: number, f: (k: number) => number = () => 0): Map<number, number> {
  const m = new Map<number, number>();
  for (let k = -handSize; k <= handSize; k++) m.set(k, f(k));
  return m;
}

export function makeCtx(table: CardTable, bonus: Map<number, number>, chars: readonly string[]): RulesContext {
  const set = new Set(chars);
  return { table, bonus, isChar: (c) => set.has(c) };
}

export function card(text: string): Card {
  // tiny helper: 'A6' natural, '*0' wildcard, '*E-2' wildcard with meaning
  if (text.startsWith('*')) {
    const m = /^\*([A-Z]?)(-?\d+)$/.exec(text)!;
    return m[1] ? { char: null, points: Number(m[2]), meaning: m[1] } : { char: null, points: Number(m[2]) };
  }
  return { char: text[0]!, points: Number(text.slice(1)) };
}

export function boardFrom(table: CardTable, cards: Record<string, string>): Board {
  const cells: Array<Card | null> = new Array(table.width * table.height).fill(null);
  for (const [key, t] of Object.entries(cards)) {
    const [c, r] = key.split(',').map(Number) as [number, number];
    cells[r * table.width + c] = card(t);
  }
  return { width: table.width, height: table.height, cells };
}

export function store(chars: readonly string[], words: readonly string[]): WordStore {
  return WordStore.build(chars, words);
}

/** Random words over the letters, lengths 2..maxLen. */
export function randomWords(rng: Rng, chars: readonly string[], count: number, maxLen = 6): string[] {
  const out = new Set<string>();
  for (let tries = 0; out.size < count && tries < count * 20; tries++) {
    const len = 2 + rng.int(maxLen - 1);
    let w = '';
    for (let i = 0; i < len; i++) w += chars[rng.int(chars.length)]!;
    out.add(w);
  }
  return [...out];
}
