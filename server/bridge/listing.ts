// The games a server lists (GET /games) of one kind, for an editor's games list: each with
// why it takes no new player or no watcher, in the web lobby's words (texts.ts
// listingRefusals, the lobby's rule in media/lobby/listing.ts), and the seat you hold in it
// (remembered by the local servers' store), which the list offers to resume.
import { webBase, type GameListing } from '../../core/protocol/game.js';
import type { GameKind, LocalServers } from './local-server.js';
import { urlParam } from './params.js';
import { BridgeError } from './protocol.js';
import { heldSeatText, listingRefusals } from './texts.js';

export type EditorListing = GameListing & ReturnType<typeof listingRefusals> & { seat: string | null; seatText: string };

/**
 * `seats`: where the seats you hold are remembered; a remembered seat whose game is no longer
 * listed as going on is forgotten (the game is over or gone). `open`: the game the editor is
 * in now, whose seat is not offered (it is taken already).
 */
export async function listGames(params: { url?: unknown }, kind: GameKind, seats?: LocalServers, open: string | null = null): Promise<EditorListing[]> {
  const url = urlParam(params?.url);
  // a ws:// URL (the rooms' address) is read as http:// (the server's pages and lists)
  const r = await fetch(new URL('/games', webBase(url)));
  if (!r.ok) throw new BridgeError('failed', `GET /games: ${r.status}`);
  const games = ((await r.json()) as GameListing[]).filter((g) => g.kind === kind);
  const held = seats?.seatsAt(url, kind) ?? [];
  const going = (g: GameListing) => g.state === 'waiting' || g.state === 'playing';
  for (const s of held) if (!games.some((g) => g.id === s.gameId && going(g))) seats!.remember(url, kind, s.gameId, null);
  return games.map((g) => {
    const seat = going(g) && g.id !== open ? (held.find((s) => s.gameId === g.id)?.name ?? null) : null;
    return { ...g, ...listingRefusals(g), seat, seatText: seat === null ? '' : heldSeatText(seat) };
  });
}

/** The rulesets a server offers a game's creator (GET /cardwords/rulesets), the first its default. */
export async function listRulesets(params: { url?: unknown }): Promise<string[]> {
  const r = await fetch(new URL('/cardwords/rulesets', webBase(urlParam(params?.url))));
  if (!r.ok) throw new BridgeError('failed', `GET /cardwords/rulesets: ${r.status}`);
  const body = (await r.json()) as { rulesets?: unknown };
  return Array.isArray(body.rulesets) ? body.rulesets.filter((n): n is string => typeof n === 'string') : [];
}
