// HTTP on the game port besides Colyseus' own matchmaking routes: the browser client's
// files from a fixed allow-list (no path is ever joined from a request, so no traversal),
// a JSON health endpoint, the open games, an owner-token check for the landing page and
// the Yatzee robot's expected values for the UI's hints. Everything else is 404.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Application, Request, Response } from 'express';
import { matchMaker } from '@colyseus/core';
import { VERSION } from '../cli/version.js';
import { ctx, isOwnerToken } from './context.js';
import type { GameListing } from '../../core/protocol/game.js';
import { CATEGORIES, DICE, THROWS_PER_ROUND, isDie, isFull, type Scores } from '../../core/games/yatzee/rules.js';
import { yatzeeRobot } from './yatzee-room.js';

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


export async function listGames(): Promise<GameListing[]> {
  const rooms = await matchMaker.query({});
  return rooms
    .filter((r) => GAME_KINDS.includes(r.name) && !r.private)
    .map((r) => {
      const m = (r.metadata ?? {}) as Partial<GameListing>;
      return { id: r.roomId, kind: r.name, players: m.players ?? 0, robots: m.robots ?? 0, maxPlayers: m.maxPlayers ?? r.maxClients, state: m.state ?? 'playing', clients: r.clients };
    })
    .filter((g) => g.state !== 'ended')
    .sort((a, b) => a.id.localeCompare(b.id));
}

function bearer(req: Request): string | undefined {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7) : undefined;
}

export function installRoutes(app: Application, mediaDir: string): void {
  const noStore = (res: Response) => res.setHeader('Cache-Control', 'no-store');
  app.disable('x-powered-by');
  app.get('/health', async (_req, res) => {
    const c = ctx();
    noStore(res);
    let games = 0;
    try {
      games = (await listGames()).length;
    } catch {
      games = -1;
    }
    res.json({
      name: 'cardwords',
      version: VERSION,
      uptime: Math.round((Date.now() - c.startedAt) / 1000),
      rooms: matchMaker.stats.local.roomCount,
      games,
      processId: c.processId,
      store: c.store.kind,
    });
  });
  app.get('/games', async (_req, res) => {
    noStore(res);
    res.json(await listGames());
  });
  // The landing page asks whether its ?owner= token is the owner's (header, never the URL).
  app.get('/owner', (req, res) => {
    noStore(res);
    res.json({ owner: isOwnerToken(bearer(req)) });
  });
  // The names of the server's Cardwords rulesets, for the owner's creation form.
  app.get('/cardwords/rulesets', (_req, res) => {
    noStore(res);
    res.json({ rulesets: ctx().rulesets.names() });
  });
  // The Yatzee hint (docs/ui.md): what each open category and each hold is worth from a
  // sheet position, by the optimal robot's table (16 MiB: too big for the browser). A pure
  // function of public data, so it needs no room and no seat.
  app.get('/yatzee/hint', async (req, res) => {
    noStore(res);
    // A pure function of the query (no game, no secret): any origin may ask, so that a
    // desktop VS Code webview (origin vscode-webview://...) can show the hints too.
    res.setHeader('Access-Control-Allow-Origin', '*');
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
    app.get(path, async (_req, res) => {
      try {
        const body = await readFile(join(from === 'web' ? webDir : mediaDir, file));
        res.setHeader('Content-Type', type);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'self'; connect-src 'self' ws: wss:; frame-ancestors 'none'");
        res.send(body);
      } catch {
        res.status(404).json({ error: 'not found' });
      }
    });
  }
  app.use((_req, res) => {
    res.status(404).json({ error: 'not found' });
  });
}

/** `?scores=` 15 values (a number, or `-` for open) `&dice=` five faces `&throws=` 0..3. */
export function parseHintQuery(q: Record<string, unknown>): { scores: Scores; dice: number[]; throws: number } | string {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const scores = str(q.scores).split(',').map((s) => (s === '-' ? null : Number(s)));
  if (scores.length !== CATEGORIES.length || scores.some((s) => s !== null && (!Number.isInteger(s) || s < 0 || s > 50))) return `scores: ${CATEGORIES.length} values, a number or - each`;
  const dice = str(q.dice).split(',').map(Number);
  if (dice.length !== DICE || !dice.every(isDie)) return 'dice: five faces 1..6';
  const throws = Number(str(q.throws));
  if (!Number.isInteger(throws) || throws < 0 || throws > THROWS_PER_ROUND) return `throws: 0..${THROWS_PER_ROUND}`;
  return { scores, dice, throws };
}
