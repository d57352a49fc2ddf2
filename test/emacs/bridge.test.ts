// The game bridge (`cardwords client --stdio`, the real built CLI): JSON lines in and out,
// one response per request line even for garbage, refusals with the engine's message.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../lines/helpers.js';

let child: ChildProcessWithoutNullStreams | undefined;

afterEach(() => {
  child?.kill();
  child = undefined;
});

function bridge() {
  child = spawn(process.execPath, [resolve('dist/cli.js'), 'client', '--stdio'], { env: { ...process.env, CARDWORDS_DATA_DIR: tempDir('cardwords-bridge-') } });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const c = child;
  return {
    async send(line: string): Promise<Record<string, unknown>> {
      c.stdin.write(line + '\n');
      const next = await lines.next();
      return JSON.parse(next.value as string) as Record<string, unknown>;
    },
  };
}

it('answers each request line, refuses bad ones clearly, and plays Lines by the engine', async () => {
  const b = bridge();
  expect(await b.send('not json')).toMatchObject({ id: -1, error: { code: 'parse-error' } });
  expect(await b.send('{"method":"lines/new"}')).toMatchObject({ id: -1, error: { code: 'bad-request' } });
  expect(await b.send(JSON.stringify({ id: 1, method: 'x'.repeat(70_000) }))).toMatchObject({ id: -1, error: { code: 'bad-request', message: expect.stringMatching(/longer than/) } });
  expect(await b.send('{"id":2,"method":"nope"}')).toEqual({ id: 2, error: { code: 'unknown-method', message: 'unknown method nope' } });
  expect(await b.send('{"id":3,"method":"lines/move","params":{"from":0,"to":1}}')).toMatchObject({ id: 3, error: { code: 'refused', message: expect.stringMatching(/no Lines game/) } });
  expect(await b.send('{"id":4,"method":"lines/new","params":{"options":{"minLine":1}}}')).toMatchObject({ id: 4, error: { code: 'refused', message: expect.stringMatching(/-i \(minLine\)/) } });
  const game = (await b.send('{"id":5,"method":"lines/new","params":{"seed":"bridge","options":{"width":3,"height":3}}}')) as { id: number; result: { board: number[]; eligible: boolean } };
  expect(game.id).toBe(5);
  expect(game.result.board.filter((c) => c > 0)).toHaveLength(3);
  expect(game.result.eligible).toBe(false);
  const from = game.result.board.findIndex((c) => c > 0);
  const occupied = game.result.board.findIndex((c, i) => c > 0 && i !== from);
  expect(await b.send(JSON.stringify({ id: 6, method: 'lines/move', params: { from, to: occupied } }))).toMatchObject({ id: 6, error: { code: 'refused' } });
  const hint = (await b.send('{"id":7,"method":"lines/hint"}')) as { result: { hint: { from: number; to: number }; eligible: boolean } };
  expect(game.result.board[hint.result.hint.from]).toBeGreaterThan(0);
  expect(game.result.board[hint.result.hint.to]).toBe(0);
  const moved = (await b.send(JSON.stringify({ id: 8, method: 'lines/move', params: hint.result.hint }))) as { result: { board: number[]; moves: number } };
  expect(moved.result.moves).toBe(1);
  expect(moved.result.board[hint.result.hint.from]).toBe(0);
  expect(moved.result.board.filter((c) => c > 0)).toHaveLength(6);
});
