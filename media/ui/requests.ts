// Requests to a game room and their answers, for every panel (docs/ui.md "Requests"): each
// request carries an id; the room answers it with `ack` (done) or `error` (refused), naming
// the id (core/protocol/game.ts). The tracker keeps what each id was for, so the answer
// reaches the right handler once, and says which kinds of request are still in flight: a
// panel disables a button while its request is on the way (a double click sends it once).
import type { AckMessage, ErrorMessage } from '../../core/protocol/game.js';
import type { RoomLike } from './room.js';

export interface Answer<M> {
  /** What the request was for (given to send()). */
  meta: M;
}

export interface RequestHandlers<M> {
  ack(ack: AckMessage & Record<string, unknown>, meta: M): void;
  error(err: ErrorMessage & Record<string, unknown>, meta: M | undefined): void;
}

export class Requests<M extends { type: string }> {
  private seq = 0;
  private readonly open = new Map<string, M>();

  constructor(
    private readonly room: RoomLike,
    private readonly handlers: RequestHandlers<M>,
    /** The id prefix: several panels in one page never share an id. */
    private readonly prefix = 'ui',
  ) {
    room.onMessage('ack', (p) => this.onAck(p as AckMessage & Record<string, unknown>));
    room.onMessage('error', (p) => this.onError(p as ErrorMessage & Record<string, unknown>));
  }

  /** Sends `type` with a fresh id; returns the id. */
  send(type: string, payload: Record<string, unknown>, meta: M): string {
    const id = `${this.prefix}-${++this.seq}`;
    this.open.set(id, meta);
    this.room.send(type, { ...payload, id });
    return id;
  }

  /** True while a request whose meta has this type is unanswered. */
  inFlight(type: string): boolean {
    for (const m of this.open.values()) if (m.type === type) return true;
    return false;
  }

  /** Forgets an id answered by another message (a `hint` answers the hint request). */
  settle(id: string | number | undefined): M | undefined {
    if (id === undefined) return undefined;
    const m = this.open.get(String(id));
    this.open.delete(String(id));
    return m;
  }

  private onAck(p: AckMessage & Record<string, unknown>): void {
    const meta = this.settle(p.id);
    if (meta) this.handlers.ack(p, meta);
  }

  private onError(p: ErrorMessage & Record<string, unknown>): void {
    // errors without an id (or for another panel's id) still reach the panel: they explain a refusal
    this.handlers.error(p, this.settle(p.id));
  }
}
