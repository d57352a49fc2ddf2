// The bridge process an editor starts (`cardwords client --stdio`): JSON lines in, JSON
// lines out (protocol.ts). It runs the core engines the editor's games need, so the editor
// only draws and reads keys; every rule stays in core/.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { CardwordsSession } from './cardwords.js';
import { LinesSession } from './lines.js';
import { listGames, listRulesets } from './listing.js';
import { LocalServers, type GameKind } from './local-server.js';
import { idParam, urlParam } from './params.js';
import { serverKeptText } from './texts.js';
import { YatzeeSession } from './yatzee.js';
import { BridgeError, MAX_LINE, type BridgeNotification, type BridgeRequest, type BridgeResponse } from './protocol.js';

export type Handler = (params: unknown) => unknown;

/**
 * Takes a remembered seat back (`cardwords/resume`, `yatzee/resume`): {url, id} names the game
 * on a server given by URL, {url} alone the local server's. A refusal that cannot pass (the
 * game over or gone, the name another's: media/ui/refusal.ts) forgets the seat; one that may
 * (a locked room, the network) keeps it, as the web pages do.
 */
async function resumeSeat(servers: LocalServers, params: unknown, kind: GameKind, join: (p: { url: string; id: string; name: string; key: string; owner: string }) => Promise<unknown>): Promise<unknown> {
  const q = (params ?? {}) as { url?: unknown; id?: unknown };
  const url = urlParam(q.url);
  const kept = servers.remembered(url, kind, q.id === undefined ? undefined : idParam(q.id));
  if (!kept) throw new BridgeError('refused', 'no remembered game on this server');
  try {
    return await join({ url, id: kept.seat.gameId, name: kept.seat.name, key: kept.seat.key, owner: kept.owner });
  } catch (e) {
    if (!(e instanceof BridgeError) || e.seatLost) servers.remember(url, kind, kept.seat.gameId, null);
    throw e;
  }
}

export class Bridge {
  private readonly handlers = new Map<string, Handler>();
  readonly cardwords: CardwordsSession;
  readonly yatzee: YatzeeSession;
  readonly servers: LocalServers;

  constructor(private readonly out: (line: string) => void) {
    // one local server per ruleset, shared by the games on it and stopped when the last leaves
    // one kept running for the people still on it (a guest by the invite link): the editor says so;
    // one that stopped under a game (killed, crashed) is started again, or the editor is told why not
    const servers = (this.servers = new LocalServers(
      undefined,
      (url, people) => this.notify({ method: 'server/kept', params: { url, people, text: serverKeptText(people) } }),
      (url, restarted, text) => {
        this.notify({ method: 'server/stopped', params: { url, restarted, text } });
        // not started again: the games on it say why in their buffers (not "reconnecting…")
        if (!restarted) for (const session of [this.cardwords, this.yatzee]) session.serverLost(url, text);
      },
    ));
    const resume = (p: unknown, kind: GameKind, join: Parameters<typeof resumeSeat>[3]) => resumeSeat(servers, p, kind, join);
    // a local server's folder is kept: `serve` also names the remembered game on it, a
    // Cardwords game's (`game`: 'cardwords', the default) or a Yatzee game's ('yatzee')
    this.on('serve', (p) => {
      const q = (p ?? {}) as { ruleset?: unknown; game?: unknown };
      if (q.game !== undefined && q.game !== 'cardwords' && q.game !== 'yatzee') throw new BridgeError('bad-request', "game: 'cardwords' or 'yatzee'");
      return servers.serve(typeof q.ruleset === 'string' ? q.ruleset : undefined, q.game === 'yatzee' ? 'yatzee' : 'cardwords');
    });
    this.on('stop-server', () => servers.stopUnused());
    const cw = (this.cardwords = new CardwordsSession(
      (n) => this.notify(n),
      (url) => servers.use(cw, url),
      (url, gameId, seat) => servers.remember(url, 'cardwords', gameId, seat),
      (url, gameId) => servers.seatsAt(url, 'cardwords').find((s) => s.gameId === gameId) ?? null,
    ));
    // each game with why it takes nobody, and the seat you hold in it (offered to resume)
    this.on('cardwords/games', (p) => listGames((p ?? {}) as never, 'cardwords', servers, cw.openGame));
    this.on('cardwords/rulesets', (p) => listRulesets((p ?? {}) as never));
    this.on('cardwords/create', (p) => cw.create((p ?? {}) as never));
    this.on('cardwords/join', (p) => cw.join((p ?? {}) as never));
    // a remembered game (`id`: the one on a server given by URL; none: the local server's): its
    // seat taken back with its key (a refusal that cannot pass forgets it)
    this.on('cardwords/resume', (p) => resume(p, 'cardwords', (kept) => cw.join(kept)));
    this.on('cardwords/key', (p) => cw.key((p ?? {}) as never));
    this.on('cardwords/submit', (p) => cw.submit((p ?? {}) as never));
    this.on('cardwords/coordinates', (p) => cw.coordinates((p ?? {}) as never));
    this.on('cardwords/locate', (p) => cw.locate((p ?? {}) as never));
    this.on('cardwords/pick', (p) => cw.pick((p ?? {}) as never));
    this.on('cardwords/pass', () => cw.pass());
    this.on('cardwords/trade', () => cw.trade());
    this.on('cardwords/hint', () => cw.hint());
    this.on('cardwords/hint-step', (p) => cw.hintStep((p ?? {}) as never));
    this.on('cardwords/review', (p) => cw.review((p ?? {}) as never));
    this.on('cardwords/words', (p) => cw.words((p ?? {}) as never));
    this.on('cardwords/rematch', () => cw.rematch());
    // the seat taken back by another tab or editor: played here again with its key, or the game watched
    this.on('cardwords/play-here', () => cw.playHere());
    this.on('cardwords/watch-here', () => cw.watchHere());
    this.on('cardwords/remove', (p) => cw.remove((p ?? {}) as never));
    this.on('cardwords/end', () => cw.end());
    this.on('cardwords/view', () => cw.view());
    // `forget`: the player leaves on purpose (C-c C-q), the game is not offered again
    this.on('cardwords/leave', (p) => cw.leave((p as { forget?: unknown } | null)?.forget === true));
    const yz = (this.yatzee = new YatzeeSession(
      (n) => this.notify(n),
      (url) => servers.use(yz, url),
      (url, gameId, seat) => servers.remember(url, 'yatzee', gameId, seat),
    ));
    this.on('yatzee/games', (p) => listGames((p ?? {}) as never, 'yatzee', servers, yz.openGame));
    this.on('yatzee/create', (p) => yz.create((p ?? {}) as never));
    this.on('yatzee/join', (p) => yz.join((p ?? {}) as never));
    // the remembered Yatzee game (as cardwords/resume): its sheet taken back with its key
    this.on('yatzee/resume', (p) => resume(p, 'yatzee', (kept) => yz.join({ ...kept, hints: (p as { hints?: unknown } | null)?.hints })));
    this.on('yatzee/throw', () => yz.act({ type: 'throw' }));
    this.on('yatzee/toggle', (p) => yz.toggle((p ?? {}) as never));
    this.on('yatzee/transfer', (p) => yz.transfer((p ?? {}) as never));
    this.on('yatzee/undo', () => yz.act({ type: 'undoTransfer' }));
    this.on('yatzee/reset', () => yz.act({ type: 'resetDices' }));
    this.on('yatzee/robots', (p) => yz.robots((p ?? {}) as never));
    this.on('yatzee/remove', (p) => yz.remove((p ?? {}) as never));
    this.on('yatzee/end', () => yz.end());
    // the sheet taken back by another tab or editor: played here again with its key, or the game watched
    this.on('yatzee/play-here', () => yz.playHere());
    this.on('yatzee/watch-here', () => yz.watchHere());
    this.on('yatzee/hints', (p) => yz.setHints((p ?? {}) as never));
    this.on('yatzee/view', () => yz.view());
    this.on('yatzee/leave', () => yz.leave());
    const lines = new LinesSession();
    this.on('lines/new', (p) => lines.start((p ?? {}) as never));
    this.on('lines/move', (p) => lines.move(p as never));
    this.on('lines/undo', () => lines.undo());
    this.on('lines/hint', () => lines.hint());
    this.on('lines/quit', () => lines.quit());
    this.on('lines/view', () => lines.current());
    this.on('lines/scores', () => lines.scoresList());
  }

  on(method: string, handler: Handler): void {
    this.handlers.set(method, handler);
  }

  notify(n: BridgeNotification): void {
    this.out(JSON.stringify(n));
  }

  /** One request line: answers it (always exactly one response, even to garbage). */
  async handle(line: string): Promise<void> {
    if (line.trim() === '') return;
    let req: BridgeRequest;
    try {
      if (line.length > MAX_LINE) throw new BridgeError('bad-request', `request longer than ${MAX_LINE} characters`);
      req = JSON.parse(line) as BridgeRequest;
      if (!req || typeof req !== 'object' || !Number.isInteger(req.id) || typeof req.method !== 'string') {
        throw new BridgeError('bad-request', 'a request is {"id": integer, "method": string, "params": ...}');
      }
    } catch (e) {
      this.respond({ id: -1, error: { code: e instanceof BridgeError ? e.code : 'parse-error', message: (e as Error).message } });
      return;
    }
    const handler = this.handlers.get(req.method);
    if (!handler) {
      this.respond({ id: req.id, error: { code: 'unknown-method', message: `unknown method ${req.method}` } });
      return;
    }
    try {
      this.respond({ id: req.id, result: (await handler(req.params)) ?? null });
    } catch (e) {
      const code = e instanceof BridgeError ? e.code : 'failed';
      this.respond({ id: req.id, error: { code, message: (e as Error).message } });
    }
  }

  private respond(r: BridgeResponse): void {
    this.out(JSON.stringify(r));
  }
}

/** Serves requests from `input` until it ends; handles them one at a time, in order. */
export async function serve(input: Readable, output: Writable): Promise<void> {
  // standard output carries the protocol alone: a line a library prints there (the client
  // library's reconnection notes when a server drops) was read by the editor as a response
  if (output === process.stdout) for (const k of ['log', 'info', 'debug'] as const) console[k] = (...a: unknown[]) => console.error(...a);
  const bridge = new Bridge((line) => void output.write(line + '\n'));
  // The local servers go with the bridge, however the bridge ends.
  const stop = () => bridge.servers.stopAll();
  process.once('exit', stop);
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(sig, () => process.exit(0));
  const rl = createInterface({ input, crlfDelay: Infinity });
  // Requests are handled one at a time; notifications go out as the room sends.
  for await (const line of rl) await bridge.handle(line);
  // the editor closed the bridge: a drop, the games kept to resume (nobody chose to leave)
  await bridge.cardwords.leave();
  await bridge.yatzee.leave(false);
  stop();
}
