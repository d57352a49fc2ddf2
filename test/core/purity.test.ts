// core/ is pure by the compiler (docs/architecture.md#layers): compiled with core/tsconfig.json,
// a browser or Node global fails to compile, while the few pure host globals core/ declares
// (core/globals.d.ts) compile. The probes live under .cache/ (outside the root program and
// the lint, which run beside the suites) so that package resolution is the project's own:
// the hole this closes came from there (the root's JSX runtime, preact's, pulled the DOM
// library into every file).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

it('a browser or a Node global in core/ fails to compile; the declared pure ones compile', () => {
  const dir = resolve('.cache', `purity-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../core/tsconfig.json', include: ['*.ts', '../../core/globals.d.ts'] }));
    writeFileSync(join(dir, 'dom.ts'), 'export const title = document.title;\n');
    writeFileSync(join(dir, 'storage.ts'), "export const kept = localStorage.getItem('x');\n");
    writeFileSync(join(dir, 'node.ts'), 'export const home = process.env.HOME;\n');
    writeFileSync(join(dir, 'buffer.ts'), "export const b = Buffer.from('x');\n");
    writeFileSync(join(dir, 'pure.ts'), "export const bytes = new TextEncoder().encode('x'); export const text = atob('eA==');\n");
    const r = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], { encoding: 'utf8' });
    const failing = new Set([...r.stdout.matchAll(/([a-z]+)\.ts\(\d+,\d+\): error TS\d+: Cannot find name '(\w+)'/g)].map((m) => `${m[1]}: ${m[2]}`));
    expect([...failing].sort()).toEqual(['buffer: Buffer', 'dom: document', 'node: process', 'storage: localStorage']);
    expect(r.stdout).not.toContain('pure.ts');
    expect(r.status).not.toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
