// A real SDK client that can stop reading, for the bound on what the server queues for a
// client that does not read (server/game/gate.ts): the SDK over the `ws` package's
// WebSocket, whose TCP socket can be paused (the SDK takes the platform's WebSocket where
// there is one, Node 22's undici, which cannot stop reading). Used by
// test/game/slow-reader.test.ts and bench/slow-reader.bench.ts.
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import NodeWebSocket from 'ws';
import { WebSocketTransport } from '@colyseus/sdk/transport/WebSocketTransport';
import { Player } from './game-server.js';

export interface SlowClient {
  player: Player;
  ws: NodeWebSocket;
  socket: Socket;
  /**
   * Stops reading. Unsolicited pongs (RFC 6455 allows them), as a hostile reader would send,
   * keep Colyseus' ping timeout from dropping it: only the queue bound can.
   */
  stopReading(): void;
  /** Stops the pongs and closes the socket, without a reconnection. */
  destroy(): void;
}

/** Joins a room (`joinById`) over the `ws` package's WebSocket. */
export async function joinSlowClient(url: string, id: string, options: Record<string, unknown>): Promise<SlowClient> {
  const proto = WebSocketTransport.prototype;
  const connect = proto.connect;
  // the SDK's own connect, on the ws package
  proto.connect = function (this: WebSocketTransport, to: string, headers?: Record<string, string>) {
    const ws = new NodeWebSocket(to, this.protocols ?? [], { headers });
    ws.binaryType = 'arraybuffer';
    ws.onopen = (event) => this.events.onopen?.(event);
    ws.onmessage = (event) => this.events.onmessage?.(event);
    ws.onclose = (event) => this.events.onclose?.(event);
    ws.onerror = (event) => this.events.onerror?.(event);
    this.ws = ws;
  };
  let player: Player;
  try {
    player = await Player.join(url, id, options);
  } finally {
    proto.connect = connect;
  }
  await player.next((m) => m.type === 'welcome');
  player.room.reconnection.enabled = false;
  const ws = (player.room.connection.transport as WebSocketTransport).ws as NodeWebSocket;
  const socket = (ws as unknown as { _socket: Socket })._socket;
  let keepAlive: NodeJS.Timeout | undefined;
  return {
    player,
    ws,
    socket,
    stopReading() {
      socket.pause();
      keepAlive = setInterval(() => ws.pong(), 500);
    },
    destroy() {
      clearInterval(keepAlive);
      socket.destroy();
    },
  };
}

/** A process's resident memory in MiB (`VmRSS`, or its peak so far with `VmHWM`). */
export function rssMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}
