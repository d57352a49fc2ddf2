// core/ has no import cycles (type-only imports count too: a cycle is something a reader
// must untangle either way). Walks every module under core/, resolves its relative
// imports and re-exports with TypeScript's own pre-processor, and looks for strongly
// connected components (Tarjan).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const core = path.resolve(import.meta.dirname, '../../core');

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return modules(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The core/ modules a file imports or re-exports from (relative specifiers only). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out: string[] = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = path.resolve(path.dirname(file), fileName);
    const target = [base.replace(/\.js$/, '.ts'), base, `${base}.ts`, path.join(base, 'index.ts')].find((p) => p.endsWith('.ts') && existsSync(p));
    if (target && target.startsWith(core + path.sep)) out.push(target);
  }
  return out;
}

/** Strongly connected components of more than one module, or a module importing itself. */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('core/ imports', () => {
  it('finds cycles where there are some', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a', 'd']], ['e', ['d']]]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c'], ['d']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('has no cycle among its modules', () => {
    const graph = new Map(modules(core).map((f) => [f, importsOf(f)]));
    expect(graph.size).toBeGreaterThan(50);
    // the walk sees the imports: the engine reads the validator
    expect(graph.get(path.join(core, 'games/cardwords/engine.ts'))).toContain(path.join(core, 'games/cardwords/rules.ts'));
    const cycles = cyclesOf(graph).map((c) => c.map((f) => path.relative(core, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
