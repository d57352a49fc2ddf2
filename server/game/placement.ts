// Which process a new room goes to (several processes on Redis): the one with the fewest
// rooms. Colyseus publishes each process's room count at most once a second, so in a burst
// of creations every request would see the same stale counts and send all the rooms to one
// process. The counts are corrected with the rooms this process sent elsewhere since the
// other process last published (an estimate: 2 s), and this process's own count is exact.
export interface ProcessStats {
  processId: string;
  roomCount: number;
}

/** How long a room sent to another process counts on top of its published count. */
export const STALE_MS = 2000;

export class Placement {
  private readonly sent = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  choose(all: readonly ProcessStats[], self: string): string {
    const t = this.now();
    let best: { id: string; load: number } | null = null;
    for (const p of all) {
      const recent = (this.sent.get(p.processId) ?? []).filter((at) => t - at < STALE_MS);
      if (recent.length) this.sent.set(p.processId, recent);
      else this.sent.delete(p.processId);
      const load = p.roomCount + (p.processId === self ? 0 : recent.length);
      // ties go to this process: no hop for the client
      if (!best || load < best.load || (load === best.load && p.processId === self)) best = { id: p.processId, load };
    }
    const id = best?.id ?? self;
    if (id !== self) this.sent.set(id, [...(this.sent.get(id) ?? []), t]);
    return id;
  }
}
