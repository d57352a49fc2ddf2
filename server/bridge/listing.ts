// The games a server lists (GET /games) of one kind, for an editor's games list: each with
// why it takes no new player or no watcher, in the web lobby's words (texts.ts
// listingRefusals, the lobby's rule in media/lobby/listing.ts).
import type { GameListing } from '../../core/protocol/game.js';
import { urlParam } from './params.js';
import { BridgeError } from './protocol.js';
import { listingRefusals } from './texts.js';

export type EditorListing = GameListing & ReturnType<typeof listingRefusals>;

export async function listGames(params: { url?: unknown }, kind: 'cardwords' | 'yatzee'): Promise<EditorListing[]> {
  const url = urlParam(params?.url);
  const r = await fetch(new URL('/games', url));
  if (!r.ok) throw new BridgeError('failed', `GET /games: ${r.status}`);
  return ((await r.json()) as GameListing[]).filter((g) => g.kind === kind).map((g) => ({ ...g, ...listingRefusals(g) }));
}
