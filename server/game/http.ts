// HTTP on the game port besides Colyseus' own matchmaking routes: the browser client's
// files from a fixed allow-list (no path is ever joined from a request, so no traversal),
// a JSON health endpoint, the open games, and an owner-token check for the landing page.
// Everything else is 404.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Application, Request, Response } from 'express';
import { matchMaker } from '@colyseus/core';
import { VERSION } from '../cli/version.js';
import { ctx, isOwnerToken } from './context.js';

/** URL path -> file in the media folder, and its content type. */
export const STATIC_FILES: Readonly<Record<string, { file: string; type: string }>> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/index.html': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/lobby.js': { file: 'lobby.js', type: 'text/javascript; charset=utf-8' },
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
};

export const GAME_KINDS = ['yatzee', 'cardwords'];

export interface GameListing {
  id: string;
  kind: string;
  players: number;
  robots: number;
  maxPlayers: number;
  state: string;
  clients: number;
}

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
  for (const [path, { file, type }] of Object.entries(STATIC_FILES)) {
    app.get(path, async (_req, res) => {
      try {
        const body = await readFile(join(mediaDir, file));
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
