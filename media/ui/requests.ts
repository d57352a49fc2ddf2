// Requests to a game room and their answers, for every panel (docs/ui.md "Cardwords",
// Requests): each request carries an id; the room answers it with `ack` (done) or `error`
// (refused), naming the id (core/protocol/messages.ts). The tracker keeps what each id was
// for, so the answer reaches the right handler once, and says which kinds of request are
// still in flight: a panel disables a button while its request is on the way (a double
// click sends it once).
import type { TypedRoom } from '../../core/protocol/client.js';
import type { AckMessage, ErrorMessage, MessageMap, MessageType, RequestId } from '../../core/protocol/messages.js';

export interface RequestHandlers<M> {
  ack(ack: AckMessage, meta: M): void;
  /** `meta` is undefined for an error that answers no request of this tracker. */
  error(err: ErrorMessage, meta: M | undefined): void;
  /** Not sent: the page is not connected (media/ui/rejoin.ts); `why` in the player's words. */
  unsent(why: string, meta: M): void;
}

/** The answers every room sends. */
interface Answers {
  ack: AckMessage;
  error: ErrorMessage;
}

export class Requests<Out extends MessageMap, In extends Answers, M extends { type: string }> {
  private seq = 0;
  private readonly open = new Map<string, M>();

  constructor(
    private readonly room: TypedRoom<Out, In>,
    private readonly handlers: RequestHandlers<M>,
    /** The id prefix: several panels in one page never share an id. */
    private readonly prefix = 'ui',
    /** Why nothing can be sent now (the connection is lost), or null: media/ui/rejoin.ts. */
    private readonly offline: () => string | null = () => null,
  ) {
    room.on('ack', (p) => this.onAck(p));
    room.on('error', (p) => this.onError(p));
  }

  /**
   * Sends `type` with a fresh id; returns the id. While the page is not connected nothing is
   * sent (the SDK would queue it for a reconnection that may never come, and the button
   * waited for an answer for ever): the handlers' `unsent` says why, and null is returned.
   */
  send<K extends MessageType<Out>>(type: K, payload: Omit<Out[K], 'id'>, meta: M): string | null {
    const why = this.offline();
    if (why !== null) {
      this.handlers.unsent(why, meta);
      return null;
    }
    const id = `${this.prefix}-${++this.seq}`;
    this.open.set(id, meta);
    this.room.send(type, { ...payload, id } as Out[K]);
    return id;
  }

  /** True while a request whose meta has this type is unanswered. */
  inFlight(type: string): boolean {
    for (const m of this.open.values()) if (m.type === type) return true;
    return false;
  }

  /** True when every request sent has been answered. */
  get idle(): boolean {
    return this.open.size === 0;
  }

  /**
   * Forgets every request on its way: the connection they went out on is lost, and their
   * answers with it (a button waiting for one would stay off for ever). What they did, if
   * anything, shows in the state the page gets when it is back.
   */
  forgetAll(): void {
    this.open.clear();
  }

  /** Forgets an id answered by another message (a `hint` answers the hint request). */
  settle(id: RequestId | undefined): M | undefined {
    if (id === undefined) return undefined;
    const m = this.open.get(String(id));
    this.open.delete(String(id));
    return m;
  }

  private onAck(p: AckMessage): void {
    const meta = this.settle(p.id);
    if (meta) this.handlers.ack(p, meta);
  }

  private onError(p: ErrorMessage): void {
    // errors without an id (or for another panel's id) still reach the panel: they explain a refusal
    this.handlers.error(p, this.settle(p.id));
  }
}
