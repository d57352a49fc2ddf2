// The gate in front of every room: each WebSocket frame a client sends passes here before
// Colyseus sees it. Colyseus itself closes the connection on an oversized frame, on a
// payload it cannot decode and on too many messages per second; the seed's server did much
// the same ("the server sometimes interrupts the connection"). We answer such a frame with
// an `error` message instead and drop it, so the connection survives and nothing changes.
// Frames beyond the hard limit (`hardMaxBytes`) are still refused by the WebSocket layer.
import type { IncomingMessage } from 'node:http';
import { Protocol, getMessageBytes } from '@colyseus/core';
import { WebSocketTransport, type TransportOptions } from '@colyseus/ws-transport';
import { decode, type Iterator } from '@colyseus/schema';
import { unpack } from 'msgpackr';
import type { WebSocket } from 'ws';

export interface Limits {
  /** Largest message a room accepts, in bytes; larger ones get a `too-large` error. */
  maxMessageBytes: number;
  /** Messages per second a client may send on average; more get `rate-limited`. */
  ratePerSecond: number;
  /** Messages a client may send in a burst above the average rate. */
  burst: number;
}

export const DEFAULT_LIMITS: Limits = { maxMessageBytes: 8 * 1024, ratePerSecond: 20, burst: 40 };
/** Frames above this never reach the gate: the WebSocket layer closes the connection (1009). */
export const HARD_MAX_BYTES = 1024 * 1024;

const USER_FRAMES = new Set<number>([Protocol.ROOM_DATA, Protocol.ROOM_REQUEST, Protocol.ROOM_DATA_BYTES, Protocol.ROOM_INPUT_RELIABLE, Protocol.ROOM_INPUT_UNRELIABLE]);

export function errorFrame(code: string, message: string): Buffer {
  return Buffer.from(getMessageBytes.raw(Protocol.ROOM_DATA, 'error', { code, message }));
}

/** Why a frame is refused, or null to let it through. Exported for tests of the parser. */
export function inspectFrame(buf: Buffer): { code: string; message: string } | null {
  if (buf.length === 0) return { code: 'malformed', message: 'an empty frame' };
  const kind = buf[0]! & 0x1f;
  if (kind === Protocol.ROOM_INPUT_RELIABLE || kind === Protocol.ROOM_INPUT_UNRELIABLE) return { code: 'unsupported', message: 'these rooms take no input frames: send messages' };
  if (kind !== Protocol.ROOM_DATA && kind !== Protocol.ROOM_REQUEST) return null;
  try {
    const it: Iterator = { offset: 1 };
    if (kind === Protocol.ROOM_REQUEST) decode.number(buf, it);
    if (it.offset >= buf.length) return { code: 'malformed', message: 'a message without a type' };
    const type = decode.stringCheck(buf, it) ? decode.string(buf, it) : decode.number(buf, it);
    if (typeof type === 'number' && !Number.isFinite(type)) return { code: 'malformed', message: 'a message type that is no string' };
    if (it.offset > buf.length) return { code: 'malformed', message: 'a truncated message' };
    if (buf.length > it.offset) unpack(buf.subarray(it.offset));
  } catch {
    return { code: 'malformed', message: 'a message that cannot be decoded' };
  }
  return null;
}

function gate(ws: WebSocket, limits: Limits): void {
  let tokens = limits.burst;
  let last = Date.now();
  const reply = (code: string, message: string) => {
    if (ws.readyState === ws.OPEN) ws.send(errorFrame(code, message));
  };
  const emit = ws.emit.bind(ws);
  ws.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    const [data, isBinary] = args as [Buffer | ArrayBuffer | Buffer[], boolean];
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (!isBinary) {
      reply('malformed', 'messages are binary Colyseus frames');
      return true;
    }
    if (buf.length === 0 || !USER_FRAMES.has(buf[0]! & 0x1f)) return emit(event, buf, isBinary); // protocol frames: join, ping, leave
    const now = Date.now();
    tokens = Math.min(limits.burst, tokens + ((now - last) / 1000) * limits.ratePerSecond);
    last = now;
    if (tokens < 1) {
      reply('rate-limited', `more than ${limits.ratePerSecond} messages a second: slow down`);
      return true;
    }
    tokens -= 1;
    if (buf.length > limits.maxMessageBytes) {
      reply('too-large', `a message may have at most ${limits.maxMessageBytes} bytes, not ${buf.length}`);
      return true;
    }
    const refusal = inspectFrame(buf);
    if (refusal) {
      reply(refusal.code, refusal.message);
      return true;
    }
    return emit(event, buf, isBinary);
  }) as typeof ws.emit;
}

/** The WebSocket transport with the gate on every connection. */
export function gatedTransport(options: TransportOptions, limits: Limits): WebSocketTransport {
  class GatedTransport extends WebSocketTransport {
    // Colyseus registers this method unbound (`this` is the WebSocketServer), so it uses no `this`.
    protected override async onConnection(rawClient: never, req: IncomingMessage, upgrade?: never): Promise<void> {
      gate(rawClient as unknown as WebSocket, limits);
      return WebSocketTransport.prototype['onConnection'].call(this, rawClient, req, upgrade);
    }
  }
  return new GatedTransport({ ...options, maxPayload: HARD_MAX_BYTES });
}
