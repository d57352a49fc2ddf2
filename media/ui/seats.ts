// The seats a page keeps to take back by their keys (a reload, a later visit), one per game:
// `KIND.seat` is the newest (VS Code's panel reopens its game: host-vscode.ts), `KIND.seats`
// every game's by its id. With the newest alone, joining a second game lost the first: a
// reload of the first then found its seat taken by nobody it knew, and a game set to wait
// for its player waited for ever.
import type { Host } from './host.js';

export interface Seat {
  gameId: string;
  name: string;
  key: string;
}

/** How many games' seats a page keeps (the oldest is forgotten first): bounds the storage. */
export const SEATS_KEPT = 20;

type Kind = 'cardwords' | 'yatzee';

/** Only reading: the VS Code extension judges its play list by the seats it keeps for the panels. */
type Reader = Pick<Host, 'load'>;

function kept(host: Reader, kind: Kind): Seat[] {
  const list = host.load<unknown>(`${kind}.seats`);
  return Array.isArray(list) ? list.filter((s): s is Seat => typeof s?.gameId === 'string' && typeof s?.name === 'string' && typeof s?.key === 'string') : [];
}

/** The seat kept for `gameId`, if any. */
export function seatFor(host: Reader, kind: Kind, gameId: string): Seat | undefined {
  const newest = host.load<Seat>(`${kind}.seat`);
  if (newest?.gameId === gameId) return newest;
  return kept(host, kind).find((s) => s.gameId === gameId);
}

/** The games whose seats are kept (the play list offers them to take back, not to watch). */
export function heldGameIds(host: Reader, kind: Kind): Set<string> {
  const ids = new Set(kept(host, kind).map((s) => s.gameId));
  const newest = host.load<Seat>(`${kind}.seat`)?.gameId;
  if (typeof newest === 'string') ids.add(newest);
  return ids;
}

/**
 * How a page opened on a game (`?game=`) enters it: watching when `?watch=1` asks for it, else
 * the kept seat, else the forms. A watch is asked for on purpose (the list's Watch link, "Watch
 * the game" once the seat went to another tab; a reload keeps it): taking the seat instead took
 * it from the tab that plays it. The play lists offer a game where a seat is kept to take back
 * (the landing page's "Your seat", VS Code's "Your seat: you take it back."), never to watch.
 */
export function entryFor(host: Reader & Pick<Host, 'param'>, kind: Kind, gameId: string | null): { seat: Seat } | { watch: true } | null {
  if (!gameId) return null;
  if (host.param('watch') === '1') return { watch: true };
  const seat = seatFor(host, kind, gameId);
  return seat ? { seat } : null;
}

/** Keeps a seat taken, as the newest and beside the other games' seats. */
export function keepSeat(host: Host, kind: Kind, seat: Seat): void {
  host.save(`${kind}.seat`, seat);
  const others = kept(host, kind).filter((s) => s.gameId !== seat.gameId);
  host.save(`${kind}.seats`, [seat, ...others].slice(0, SEATS_KEPT));
}

/** Forgets the seat of `gameId` (left, removed, taken back elsewhere). */
export function forgetSeat(host: Host, kind: Kind, gameId: string): void {
  if (host.load<Seat>(`${kind}.seat`)?.gameId === gameId) host.remove(`${kind}.seat`);
  const list = kept(host, kind);
  const rest = list.filter((s) => s.gameId !== gameId);
  if (rest.length !== list.length) host.save(`${kind}.seats`, rest);
}
