// Colyseus' lobby room (the open games, live), one per process: anyone may join it, nobody
// may create a second. Without the bound a client could create rooms without end (each one
// holds memory and a listener on every game's listing, slowing every other client); a
// client that wants the lobby asks `joinOrCreate('lobby')` and shares the one there is.
import { LobbyRoom, ServerError } from '@colyseus/core';

let live = false;

export class OneLobby extends LobbyRoom {
  private counted = false;

  override async onCreate(options: unknown): Promise<void> {
    if (live) throw new ServerError(403, "table-full: this server's lobby exists: join it (joinOrCreate)");
    live = true;
    this.counted = true;
    await super.onCreate(options as never);
  }

  override onDispose(): void {
    if (this.counted) live = false;
    super.onDispose();
  }
}
