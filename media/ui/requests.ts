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
  ) {
    room.on('ack', (p) => this.onAck(p));
    room.on('error', (p) => this.onError(p));
  }

  /** Sends `type` with a fresh id; returns the id. */
  send<K extends MessageType<Out>>(type: K, payload: Omit<Out[K], 'id'>, meta: M): string {
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
