// Which process a new room goes to (several processes on Redis): the one with the fewest
// rooms. Colyseus publishes each process's room count at most once a second, so in a burst
// of creations every request would see the same stale counts and send all the rooms to one
// process. The counts are corrected with the rooms this process sent elsewhere since the
// other process last published (an estimate: 2 s). This process's own count is exact but
// grows only once a room's creation has finished (rulesets load, logs are synced), so the
// rooms it chose for itself and does not count yet are added to it.
export interface ProcessStats {
  processId: string;
  roomCount: number;
}

/** How long a room sent to another process counts on top of its published count. */
export const STALE_MS = 2000;

export class Placement {
  private readonly sent = new Map<string, number[]>();
  /** Rooms this process chose for itself lately: when, and its own count then. */
  private readonly mine: Array<{ at: number; count: number }> = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  choose(all: readonly ProcessStats[], self: string): string {
    const t = this.now();
    while (this.mine.length && t - this.mine[0]!.at >= STALE_MS) this.mine.shift();
    const own = all.find((p) => p.processId === self)?.roomCount ?? 0;
    // chosen here lately, less what the count has gained since the first of them
    const starting = this.mine.length ? Math.max(0, this.mine.length - Math.max(0, own - this.mine[0]!.count)) : 0;
    let best: { id: string; load: number } | null = null;
    for (const p of all) {
      const recent = (this.sent.get(p.processId) ?? []).filter((at) => t - at < STALE_MS);
      if (recent.length) this.sent.set(p.processId, recent);
      else this.sent.delete(p.processId);
      const load = p.roomCount + (p.processId === self ? starting : recent.length);
      // ties go to this process: no hop for the client
      if (!best || load < best.load || (load === best.load && p.processId === self)) best = { id: p.processId, load };
    }
    const id = best?.id ?? self;
    if (id !== self) this.sent.set(id, [...(this.sent.get(id) ?? []), t]);
    else this.mine.push({ at: t, count: own });
    return id;
  }
}
