// HTTP on the game port besides Colyseus' own matchmaking routes: the browser client's
// files from a fixed allow-list (no path is ever joined from a request, so no traversal),
// a JSON health endpoint, the open games, an owner-token check for the landing page and
// the Yatzee robot's expected values for the UI's hints. Everything else is 404.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import type { Application, Request, Response } from 'express';
import { matchMaker } from '@colyseus/core';
import { VERSION } from '../cli/version.js';
import { ctx, isOwnerToken } from './context.js';
import type { GameListing } from '../../core/protocol/game.js';
import { THROWS_PER_ROUND, isFull } from '../../core/games/yatzee/rules.js';
import { parseHintQuery } from '../../core/games/yatzee/hint.js';
import { yatzeeRobot } from './yatzee-room.js';
import { chooseLanguage, translator } from '../../media/ui/l10n/index.js';

/** The longest the game list waits for the games the server brings back at its start. */
const LIST_WAIT_MS = 10_000;

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

/**
 * URL path -> a file and its content type: `media` files from the media folder, `web`
 * files from the browser bundles that `npm run build` writes to dist/web/ (docs/ui.md).
 */
export const STATIC_FILES: Readonly<Record<string, { file: string; type: string; from: 'media' | 'web' }>> = {
  '/': { file: 'index.html', type: HTML, from: 'media' },
  '/index.html': { file: 'index.html', type: HTML, from: 'media' },
  '/lines.html': { file: 'lines.html', type: HTML, from: 'media' },
  '/yatzee.html': { file: 'yatzee.html', type: HTML, from: 'media' },
  '/cardwords.html': { file: 'cardwords.html', type: HTML, from: 'media' },
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8', from: 'media' },
  '/favicon.ico': { file: 'favicon.svg', type: 'image/svg+xml', from: 'media' },
  '/lobby.js': { file: 'lobby.js', type: JS, from: 'web' },
  '/web/lines.js': { file: 'lines.js', type: JS, from: 'web' },
  '/web/yatzee.js': { file: 'yatzee.js', type: JS, from: 'web' },
  '/web/cardwords.js': { file: 'cardwords.js', type: JS, from: 'web' },
};

export const GAME_KINDS = ['yatzee', 'cardwords'];

/**
 * A path that is none of ours. A browser (it asks for text/html first) gets a small page in
 * the site's style with a link to the games: it showed raw JSON, {"error":"not found"}. API
 * clients (fetch's and curl's Accept: any) keep the JSON. Links relative to the path, so that
 * they hold under a proxy's prefix (code-server's /proxy/PORT/) too; nothing of the request is
 * written into the page. In the language the other pages choose (`?lang=`, else the browser's
 * first language, which is its `navigator.language`: `chooseLanguage`), its links keeping
 * `?lang=` as theirs do; it was English to a Danish or German browser.
 */
function notFound(req: Request, res: Response): void {
  res.status(404);
  if (req.accepts(['json', 'html']) !== 'html') return void res.json({ error: 'not found' });
  const up = './' + '../'.repeat(Math.max(0, req.path.split('/').length - 2));
  const asked = typeof req.query.lang === 'string' ? req.query.lang : null;
  const lang = chooseLanguage(asked ?? req.headers['accept-language']?.split(',')[0]?.split(';')[0]?.trim());
  const t = translator(lang);
  // the chosen code, never the request's text
  const keep = (href: string) => (asked === null ? href : `${href}?lang=${lang}`);
  res.setHeader('Content-Type', HTML);
  res.setHeader('Content-Language', lang);
  res.setHeader('Vary', 'Accept, Accept-Language');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'");
  res.send(`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${t('notFound.title')} · ${t('app.title')}</title>
<link rel="icon" href="${up}favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="${up}style.css">
</head>
<body>
<header class="top"><strong>${t('app.title')}</strong><nav aria-label="${t('app.title')}"><a href="#main" class="skip">${t('nav.skip.lobby')}</a><a href="${keep(up)}">${t('nav.home')}</a><a href="${keep(`${up}lines.html`)}">${t('nav.lines')}</a></nav></header>
<main id="main" tabindex="-1">
<h1>${t('notFound.title')}</h1>
<p>${t('notFound.text')}</p>
<p><a href="${keep(up)}">${t('notFound.link')}</a></p>
</main>
</body>
</html>
`);
}

export async function listGames(): Promise<GameListing[]> {
  const rooms = await matchMaker.query({});
  return rooms
    .filter((r) => GAME_KINDS.includes(r.name) && !r.private)
    .map((r) => {
      const m = (r.metadata ?? {}) as Partial<GameListing>;
      const g: GameListing = { id: r.roomId, kind: r.name, players: m.players ?? 0, robots: m.robots ?? 0, maxPlayers: m.maxPlayers ?? r.maxClients, state: m.state ?? 'playing', clients: r.clients };
      // the watcher places, so that the lobby and the join page offer Watch only where it is taken
      if (typeof m.watchers === 'number') Object.assign(g, { watchers: m.watchers, watching: m.watching ?? 0 });
      return g;
    })
    .filter((g) => g.state !== 'ended')
    .sort((a, b) => a.id.localeCompare(b.id));
}

function bearer(req: Request): string | undefined {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : undefined;
}

/** The CORS headers Colyseus puts on every answer; every route drops them. */
const CORS_HEADERS = ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Allow-Headers', 'Access-Control-Allow-Methods', 'Access-Control-Max-Age'];
/** Public data any origin may read (`Access-Control-Allow-Origin: *`, no credentials). */
const CROSS_ORIGIN_PATHS = ['/yatzee/hint', '/cardwords/rulesets'];

/**
 * Colyseus answers every request with CORS headers that reflect any Origin and allow
 * credentials. Matchmaking keeps a plain `*` without credentials (desktop webviews create
 * and join from another origin; the owner token travels in the body, never in a cookie);
 * every other route drops them, and the Yatzee hint and the ruleset names answer any origin
 * (public data a desktop webview, origin vscode-webview://..., reads from a remote server).
 */
export function limitCors(): void {
  delete (matchMaker.controller.DEFAULT_CORS_HEADERS as Record<string, string>)['Access-Control-Allow-Credentials'];
  matchMaker.controller.getCorsHeaders = () => ({ 'Access-Control-Allow-Origin': '*' });
}

export function installRoutes(app: Application, mediaDir: string): void {
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    for (const h of CORS_HEADERS) res.removeHeader(h);
    if (CROSS_ORIGIN_PATHS.includes(req.path)) res.setHeader('Access-Control-Allow-Origin', '*');
    next();
  });
  app.get('/health', async (_req, res) => {
    const c = ctx();
    noStore(res);
    // null, and why, when the listings cannot be read (Redis away): -1 read as a count
    let games: number | null = null;
    let listings: string | null = null;
    try {
      games = (await listGames()).length;
    } catch (e) {
      listings = `the games' listings cannot be read: ${(e as Error).message}`;
    }
    res.json({
      name: 'cardwords',
      version: VERSION,
      uptime: Math.round((Date.now() - c.startedAt) / 1000),
      rooms: matchMaker.stats.local.roomCount,
      games,
      ...(listings === null ? {} : { listings }),
      processId: c.processId,
      store: c.store.kind,
      // 'failed' while the store cannot write (a full disk, Redis away): actions are refused
      storage: c.store.problem === null ? 'ok' : 'failed',
      // games without a lease this process takes unless their holder renews meanwhile
      adopting: [...c.adopting.keys()],
      // why, while it is failed (Redis away, Redis back without its data, a full disk)
      ...(c.store.problem === null ? {} : { problem: c.store.problem }),
    });
  });
  app.get('/games', async (_req, res) => {
    noStore(res);
    // not before the games found at the start are back: the server listens first, and a page
    // out of play read its game missing meanwhile as over (a list it cannot read decides nothing)
    // (raced against a timer only until then: pages out of play ask every 12 s)
    const ready = ctx().startedYet || (await Promise.race([ctx().started.then(() => true), new Promise<boolean>((ok) => setTimeout(ok, LIST_WAIT_MS, false).unref())]));
    if (!ready) return void res.status(503).json({ error: 'the server is bringing its games back: ask again shortly' });
    res.json(await listGames());
  });
  // The landing page asks whether its ?owner= token is the owner's (header, never the URL).
  app.get('/owner', (req, res) => {
    noStore(res);
    const owner = isOwnerToken(bearer(req));
    // damaged game logs are the owner's to know: which game, which line, why
    res.json(owner ? { owner, damaged: ctx().damaged } : { owner });
  });
  // The names of the server's Cardwords rulesets, for the owner's creation form. Names only
  // (no files), so any origin may read them (CROSS_ORIGIN_PATHS): a desktop VS Code webview
  // playing on a server elsewhere fetches them from its own origin.
  app.get('/cardwords/rulesets', (_req, res) => {
    noStore(res);
    res.json({ rulesets: ctx().rulesets.names() });
  });
  // The Yatzee hint (docs/ui.md): what each open category and each hold is worth from a
  // sheet position, by the optimal robot's table (16 MiB: too big for the browser). A pure
  // function of public data, so it needs no room and no seat.
  app.get('/yatzee/hint', async (req, res) => {
    noStore(res);
    // A pure function of the query (no game, no secret): any origin may ask (CROSS_ORIGIN_PATHS),
    // so that a desktop VS Code webview (origin vscode-webview://...) can show the hints too.
    const q = parseHintQuery(req.query as Record<string, unknown>);
    if (typeof q === 'string') return void res.status(400).json({ error: q });
    try {
      const robot = await yatzeeRobot();
      const full = isFull(q.scores);
      res.json({
        expectedFinal: robot.expectedFinal(q.scores),
        categories: full || q.throws === 0 ? [] : robot.categoryValues(q.scores, q.dice),
        keeps: !full && q.throws >= 1 && q.throws < THROWS_PER_ROUND ? robot.keepOptions(q.scores, q.dice, q.throws).slice(0, 5) : null,
      });
    } catch (e) {
      res.status(503).json({ error: `the Yatzee robot is unavailable: ${(e as Error).message}` });
    }
  });
  const webDir = join(dirname(mediaDir), 'dist', 'web');
  for (const [path, { file, type, from }] of Object.entries(STATIC_FILES)) {
    app.get(path, async (req, res) => {
      try {
        const body = await readFile(join(from === 'web' ? webDir : mediaDir, file));
        res.setHeader('Content-Type', type);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        // the owner's link carries its token in the URL: never send it on as a referrer
        res.setHeader('Referrer-Policy', 'no-referrer');
        res.setHeader('Content-Security-Policy', "default-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'");
        res.send(body);
      } catch {
        notFound(req, res);
      }
    });
  }
  app.use(notFound);
}

/**
 * Bounds every HTTP request body before Colyseus buffers it (it reads any body whole): one
 * that announces more than `maxBytes` is refused at once, one that streams past it is cut
 * there, and one that goes silent for `idleMs` is dropped. A body within the bounds is
 * read here and handed on as `req.body`, which Colyseus then uses instead of the stream.
 */
export function limitBodies(server: HttpServer, maxBytes: number, idleMs: number): void {
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  const run = (req: IncomingMessage, res: ServerResponse) => {
    for (const l of listeners) l.call(server, req, res);
  };
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, error: string) => {
    if (!res.headersSent) {
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ error }));
    }
    // no more of this body is read: the socket goes once the answer is out
    res.once('finish', () => req.socket.destroy());
    setTimeout(() => req.socket.destroy(), 1000).unref();
  };
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const length = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || (!chunked && (length === undefined || length === '0'))) return run(req, res);
    if (length !== undefined && !(Number(length) <= maxBytes)) return refuse(req, res, 413, `a request body may have at most ${maxBytes} bytes`);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const idle = () => {
      done = true;
      refuse(req, res, 408, `no byte of the request body for ${idleMs} ms`);
    };
    let timer = setTimeout(idle, idleMs);
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        clearTimeout(timer);
        chunks.length = 0;
        return refuse(req, res, 413, `a request body may have at most ${maxBytes} bytes`);
      }
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(idle, idleMs);
    });
    req.on('end', () => {
      clearTimeout(timer);
      if (done) return;
      done = true;
      const raw = Buffer.concat(chunks).toString('utf8');
      if ((req.headers['content-type'] ?? '').includes('application/json')) {
        try {
          req.body = JSON.parse(raw || '{}');
        } catch {
          return refuse(req, res, 400, 'a request body that is no JSON');
        }
      } else {
        req.body = raw;
      }
      run(req, res);
    });
    req.on('error', () => {
      clearTimeout(timer);
      done = true;
    });
  });
}
