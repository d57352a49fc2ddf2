// HTTP bounds and headers (server/game/http.ts) over real sockets: a body larger than the
// limit is refused before it is read, a body that goes silent is dropped, no route but the
// hint reflects an Origin or allows credentials, and pages send no referrer.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Player, startServer, type ServerProcess } from '../support/game-server.js';

/** Sends `head` (and `body`) on a raw socket; resolves with what came back and when the socket closed. */
function raw(port: number, head: string, body = ''): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    let answer = '';
    const s = connect(port, '127.0.0.1', () => s.write(head + body));
    s.on('data', (d) => (answer += d.toString()));
    s.on('error', () => undefined);
    s.on('close', () => resolve({ answer, closedAfterMs: Date.now() - t0 }));
    setTimeout(() => reject(new Error(`the socket stayed open; got ${answer}`)), 30_000).unref();
  });
}

describe('HTTP bounds', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServer({ args: ['--body-timeout', '1000'] });
  });
  afterAll(async () => {
    await srv?.stop();
  });

  it('a body that claims 100 MB is refused at once, unread', async () => {
    const r = await raw(srv.port, `POST /matchmake/joinById/x HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 104857600\r\n\r\n`, '{"a":"');
    expect(r.answer).toMatch(/^HTTP\/1.1 413/);
  });

  it('a chunked body that streams past the limit is cut there', async () => {
    const chunk = 'x'.repeat(8192);
    const chunks = Array.from({ length: 8 }, () => `${(8192).toString(16)}\r\n${chunk}\r\n`).join('');
    const r = await raw(srv.port, `POST /matchmake/create/yatzee HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, chunks);
    expect(r.answer).toMatch(/^HTTP\/1.1 413/);
  });

  it('a body that goes silent is dropped after the body timeout', async () => {
    const r = await raw(srv.port, `POST /matchmake/joinById/x HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n`, '{"name":"');
    expect(r.answer).toMatch(/^HTTP\/1.1 408/);
    expect(r.closedAfterMs).toBeLessThan(10_000);
  });

  it('a small body still creates a game', async () => {
    const p = await Player.create(srv.url, 'yatzee', { owner: srv.ownerToken, name: 'Ann' });
    await p.next((m) => m.type === 'welcome');
    await p.leave();
  });

  it('CORS only on the hint, the ruleset names and matchmaking, never with credentials; pages send no referrer', async () => {
    const origin = { origin: 'https://evil.example' };
    for (const path of ['/health', '/games', '/owner', '/', '/cardwords.html']) {
      const r = await fetch(`${srv.url}${path}`, { headers: origin });
      expect(r.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(r.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
    const hint = await fetch(`${srv.url}/yatzee/hint?scores=-,-,-,-,-,-,-,-,-,-,-,-,-,-,-&dice=1,2,3,4,5&throws=1`, { headers: origin });
    expect(hint.headers.get('access-control-allow-origin')).toBe('*');
    expect(hint.headers.get('access-control-allow-credentials')).toBeNull();
    const names = await fetch(`${srv.url}/cardwords/rulesets`, { headers: { origin: 'vscode-webview://abc' } });
    expect(names.headers.get('access-control-allow-origin')).toBe('*');
    expect(names.headers.get('access-control-allow-credentials')).toBeNull();
    expect(((await names.json()) as { rulesets: string[] }).rulesets.length).toBeGreaterThan(0);
    const pre = await fetch(`${srv.url}/matchmake/create/yatzee`, { method: 'OPTIONS', headers: origin });
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    for (const page of ['/', '/yatzee.html', '/cardwords.html', '/lines.html']) {
      expect((await fetch(`${srv.url}${page}`)).headers.get('referrer-policy'), page).toBe('no-referrer');
    }
  });
});
