// What the bridge's Cardwords and Yatzee sessions share: their request parameters checked and
// bounded in one place (a player's name by core's MAX_NAME_LENGTH), and a room's connection,
// a refusal of which the editor is told as `refused`.
import { Client, type Room } from '@colyseus/sdk';
import { MAX_NAME_LENGTH } from '../../core/games/names.js';
import { CLOSE, CLOSE_REASON } from '../../core/protocol/messages.js';
import { BridgeError } from './protocol.js';
import type { RememberedSeat } from './local-server.js';
import { asSentence, closedText, joinRefusal, reconnectedText } from './texts.js';
import { BACK_SHOWN_MS, GONE_FOR_MS, RejoinWaits } from '../../media/ui/rejoin.js';
export { reconnectQuickly, sessionUnknown } from '../../media/ui/rejoin.js';

/** A string of 1 to `max` characters, else `bad-request`. */
export function str(v: unknown, what: string, max = 200): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > max) throw new BridgeError('bad-request', `${what} must be a string of 1 to ${max} characters`);
  return v;
}

export const urlParam = (v: unknown) => str(v, 'url', 2000);
export const idParam = (v: unknown) => str(v, 'id', 100);
export const nameParam = (v: unknown) => str(v, 'name', MAX_NAME_LENGTH);
export const ownerParam = (v: unknown, what = 'owner') => str(v, what, 500);

/**
 * A join's options: watching (no seat, no name) or a seat by name, taken back by its `key`
 * (a seat key from an earlier `welcome`); the owner token with either.
 */
export function joinOptions(params: { name?: unknown; owner?: unknown; key?: unknown; watch?: unknown }): Record<string, unknown> {
  const opts: Record<string, unknown> = params.watch === true ? { watch: true } : { name: nameParam(params.name) };
  if (params.watch !== true && typeof params.key === 'string' && params.key) opts.key = str(params.key, 'key', 200);
  if (typeof params.owner === 'string' && params.owner) opts.owner = params.owner;
  return opts;
}

/**
 * Creates or joins a room; the server's refusal (a full game, a wrong token) is `refused`, in
 * the web pages' words as a sentence ('That name is taken in this game.', not `name-taken:
 * …`): Cardwords's own words first when `cardwords`, a full table a watcher's when `watching`.
 */
export async function connectRoom(connect: () => Promise<Room>, onFail?: () => void, cardwords = false, watching = false): Promise<Room> {
  try {
    return await connect();
  } catch (e) {
    // the session counted the server before connecting: a failed join lets it go again
    onFail?.();
    const why = joinRefusal(e, cardwords, watching);
    throw new BridgeError('refused', asSentence(why.text), why.seatLost, why.missing === true);
  }
}

/**
 * Joins the game of a seat played elsewhere again (the web page's "Play here": the seat's kept
 * key, the owner's token with it). A
 * refusal that cannot pass (the game over or gone) calls `lost` (the seat is forgotten) before
 * it is thrown; any other leaves the session as it was.
 */
export async function joinKeptSeat(url: string, seat: RememberedSeat, cardwords: boolean, lost: () => void): Promise<Room> {
  const options = { name: seat.name, key: seat.key, ...(seat.owner ? { owner: seat.owner } : {}) };
  try {
    return await connectRoom(() => new Client(url).joinById(seat.gameId, options), undefined, cardwords);
  } catch (e) {
    if (e instanceof BridgeError && e.seatLost) lost();
    throw e;
  }
}

/**
 * Watches game `gameId` (the web page's "Watch the game": a new join as a watcher, the owner's
 * token with it when there is one), after a seat played elsewhere or the owner's removal; the
 * room's refusal (every watcher place taken) is `refused`, and the session stays as it was.
 */
export function watchGame(url: string, gameId: string, owner: string, cardwords: boolean): Promise<Room> {
  return connectRoom(() => new Client(url).joinById(gameId, { watch: true, ...(owner ? { owner } : {}) }), undefined, cardwords, true);
}

/**
 * Leaves a room; a server already gone is no error. A closed connection is a drop to the
 * room: the seat is held for its player (docs/server.md). `forGood`: the player chose to
 * leave, so the room is first asked to release the seat (its `leave` message: a Yatzee sheet
 * closes, a Cardwords seat is played to the end by a stand-in, or free again before the
 * deal), which closes the connection itself.
 */
export async function leaveRoom(room: Room | null, forGood = false): Promise<void> {
  // A closed room (the game ended, the server gone) never answers a leave, and the bridge
  // answers one request at a time: waiting for it held every later request for good. An
  // open one gets a few seconds to answer.
  if (!room || !room.connection?.isOpen) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((ok) => {
    timer = setTimeout(ok, LEAVE_WAIT_MS);
  });
  if (forGood) {
    const closed = new Promise<void>((ok) => room.onLeave.once(() => ok()));
    room.send('leave', {});
    await Promise.race([closed, late]);
  }
  // not closed by the room (a refusal, no answer): closed here, a drop
  if (room.connection?.isOpen) await Promise.race([room.leave(true).catch(() => undefined), late]);
  clearTimeout(timer);
}

const LEAVE_WAIT_MS = 3000;

/**
 * "Connected again." in a game's message, said until the game changes or BACK_SHOWN_MS have
 * passed (the web page's rule, media/ui/rejoin.ts): it stood through later moves. `message`
 * reads the session's message, `clear` empties it and draws; the game's key is the session's.
 */
export class BackNotice {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The game as it stood when it was said: it gives way once the game changes. */
  private at = '';

  constructor(
    private readonly message: () => string,
    private readonly clear: () => void,
  ) {}

  /** Said now, the game standing at `key`; the text to say. */
  say(key: string): string {
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.message() === reconnectedText()) this.clear();
    }, BACK_SHOWN_MS);
    this.timer.unref?.();
    this.at = key;
    return reconnectedText();
  }

  /** Whether the message still says it though the game has changed to `key` (the session then empties it). */
  stale(key: string): boolean {
    return this.message() === reconnectedText() && key !== this.at;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/**
 * Joining a game again with the seat key once its room is gone (the server stopped or lost,
 * the client library's own reconnection given up), as a web page taken back to its seat:
 * tries as the web pages do (`RejoinWaits`: every half second for 10 s, then 1, 2, 4, 8 and
 * every 10 s; at once first when `atOnce`: a new process refused the old session, so the
 * server is up again, media/ui/rejoin.ts `sessionUnknown`), until it gets in, the seat is lost for good (the game over or gone, the name another's), or
 * it is cancelled (the game left, another entered).
 */
export class Rejoin {
  /** `cardwords`: a refusal in Cardwords's words (connectRoom). */
  constructor(private readonly cardwords = false) {}

  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;

  cancel(): void {
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Takes `seat` back on the server at `url` with its key (`start`): `enterAgain` puts the
   * room joined back in the session, `back` says so once it is there, `lost` that the seat
   * cannot come back.
   */
  seat(url: string, seat: { gameId: string; name: string; key: string; owner?: string }, enterAgain: (room: Room) => Promise<unknown>, back: () => void, lost: (e: BridgeError) => void, atOnce = false): void {
    const options = { name: seat.name, key: seat.key, ...(seat.owner ? { owner: seat.owner } : {}) };
    this.start(
      () => new Client(url).joinById(seat.gameId, options),
      (room) => void enterAgain(room).then(back, () => undefined),
      lost,
      atOnce,
    );
  }

  start(join: () => Promise<Room>, joined: (room: Room) => void, lost: (e: BridgeError) => void, atOnce = false): void {
    this.cancel();
    const generation = this.generation;
    // a server just started restores its games a moment after it listens: a room not found
    // is asked again for this long before the seat counts as lost (it gave up at once: the
    // seat held by nobody, a stand-in played it)
    const since = Date.now();
    const waits = new RejoinWaits();
    const attempt = () => {
      this.timer = null;
      connectRoom(join, undefined, this.cardwords).then(
        (room) => (generation === this.generation ? joined(room) : void room.leave(true).catch(() => undefined)),
        (e: BridgeError) => {
          if (generation !== this.generation) return;
          if (e.seatLost && !(e.missing && Date.now() - since < GONE_FOR_MS)) lost(e);
          else this.timer = setTimeout(attempt, waits.next());
        },
      );
    };
    if (atOnce) attempt();
    else this.timer = setTimeout(attempt, waits.next());
  }
}

/**
 * A room's close as the web pages read it (media/ui/rejoin.ts): `null` for a loss (the
 * server stopping, the connection gone), which the bridge takes back with the seat's key;
 * else the game let this client go (the owner removed the player, the seat was taken back
 * from another connection, its own leave), nothing to take back, and what to say ('' for
 * nothing). Taking it back had answered "That name is taken" every few seconds for ever.
 */
export function closeWords(code: number, reason: string | undefined): string | null {
  if (code !== 1000 && code !== CLOSE.ENDED) return null;
  return code === 1000 ? '' : closedText(reason);
}

/**
 * What a session keeps once its room let it go (`closeWords` not null, or the room's removal
 * after the game's `ended`): `closed`, nothing to play or give up; a seat taken back in a
 * browser tab or another editor is still the player's, so its key stays (remembered, offered
 * to resume) for Play here, `elsewhere`, as the web page keeps it; any other (a removal) is
 * forgotten by `forget`. Both bridges' sessions close by it. `removed`: the owner removed the
 * player, for the editor to say so where it said "Disconnected".
 */
export function letGo(reason: string | undefined, seat: RememberedSeat | null, forget: () => void): { closed: true; elsewhere: boolean; removed: boolean; seat: RememberedSeat | null } {
  const elsewhere = reason === CLOSE_REASON.TAKEN_BACK && seat !== null;
  if (!elsewhere) forget();
  return { closed: true, elsewhere, removed: reason === CLOSE_REASON.REMOVED, seat: elsewhere ? seat : null };
}
