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
import { messageId } from './room-base.js';

export interface Limits {
  /** Largest HTTP request body (matchmaking options): a larger one is refused (413) before it is read. */
  maxBodyBytes?: number;
  /** An HTTP request body that sends nothing for this long is dropped (408). */
  bodyIdleMs?: number;
  /** Bytes queued for a client that does not read; beyond it the connection is dropped. */
  maxQueuedBytes?: number;
  /** Largest message a room accepts, in bytes; larger ones get a `too-large` error. */
  maxMessageBytes: number;
  /** Messages per second a client may send on average; more get `rate-limited`. */
  ratePerSecond: number;
  /** Messages a client may send in a burst above the average rate. */
  burst: number;
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;
export const DEFAULT_BODY_IDLE_MS = 5000;
/** The default of `maxQueuedBytes`: a Cardwords join (state and ruleset files) is well below it. */
export const DEFAULT_MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** Frames above this never reach the gate: the WebSocket layer closes the connection (1009). */
export const HARD_MAX_BYTES = 1024 * 1024;

const USER_FRAMES = new Set<number>([Protocol.ROOM_DATA, Protocol.ROOM_REQUEST, Protocol.ROOM_DATA_BYTES, Protocol.ROOM_INPUT_RELIABLE, Protocol.ROOM_INPUT_UNRELIABLE]);

/** The refused message's type and id, when the frame had them (a client waits on its id). */
interface FrameRef {
  type?: string;
  id?: string | number;
}

function errorFrame(code: string, message: string, ref: FrameRef = {}): Buffer {
  return Buffer.from(getMessageBytes.raw(Protocol.ROOM_DATA, 'error', { code, message, ...ref }));
}

/** Whether a decoded payload holds anything JSON cannot carry (a 64-bit integer decodes as a BigInt). */
function unserialisable(v: unknown, depth = 0): boolean {
  if (depth > 32) return true;
  if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol') return true;
  if (typeof v === 'number') return !Number.isFinite(v);
  if (typeof v !== 'object' || v === null) return false;
  if (v instanceof Uint8Array) return false;
  if (Array.isArray(v)) return v.some((x) => unserialisable(x, depth + 1));
  if (v instanceof Map || v instanceof Set) return true;
  return Object.values(v).some((x) => unserialisable(x, depth + 1));
}

/** The type and id of a user frame, as far as it decodes. */
function frameRef(buf: Buffer): FrameRef {
  const ref: FrameRef = {};
  try {
    const kind = buf[0]! & 0x1f;
    if (kind !== Protocol.ROOM_DATA && kind !== Protocol.ROOM_REQUEST) return ref;
    const it: Iterator = { offset: 1 };
    if (kind === Protocol.ROOM_REQUEST) decode.number(buf, it);
    if (it.offset >= buf.length || !decode.stringCheck(buf, it)) return ref;
    const type = decode.string(buf, it);
    if (type.length <= 64) ref.type = type;
    if (buf.length > it.offset) {
      const id = messageId(unpack(buf.subarray(it.offset)));
      if (id !== undefined) ref.id = id;
    }
  } catch {
    // as much as was read
  }
  return ref;
}

/** Why a frame is refused, or null to let it through. */
function inspectFrame(buf: Buffer): { code: string; message: string } | null {
  if (buf.length === 0) return { code: 'malformed', message: 'an empty frame' };
  const kind = buf[0]! & 0x1f;
  if (kind === Protocol.ROOM_INPUT_RELIABLE || kind === Protocol.ROOM_INPUT_UNRELIABLE) return { code: 'unsupported', message: 'these rooms take no input frames: send messages' };
  if (kind !== Protocol.ROOM_DATA && kind !== Protocol.ROOM_REQUEST) return null;
  let payload: unknown;
  try {
    const it: Iterator = { offset: 1 };
    if (kind === Protocol.ROOM_REQUEST) decode.number(buf, it);
    if (it.offset >= buf.length) return { code: 'malformed', message: 'a message without a type' };
    const type = decode.stringCheck(buf, it) ? decode.string(buf, it) : decode.number(buf, it);
    if (typeof type === 'number' && !Number.isFinite(type)) return { code: 'malformed', message: 'a message type that is no string' };
    if (it.offset > buf.length) return { code: 'malformed', message: 'a truncated message' };
    if (buf.length > it.offset) payload = unpack(buf.subarray(it.offset));
  } catch {
    return { code: 'malformed', message: 'a message that cannot be decoded' };
  }
  // the rooms log and acknowledge payloads as JSON: what JSON cannot hold never reaches them
  if (unserialisable(payload)) return { code: 'bad-message', message: 'a field JSON cannot carry (a 64-bit integer, a map, a non-finite number)' };
  return null;
}

function gate(ws: WebSocket, limits: Limits, log: (line: string) => void): void {
  let tokens = limits.burst;
  let last = performance.now(); // a duration: the monotonic clock (a wall-clock jump back starved the bucket)
  const maxQueued = limits.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
  const send = ws.send.bind(ws) as (data: unknown, ...rest: unknown[]) => void;
  // A client that does not read: what is queued for it beyond the limit drops it (its
  // buffers go with the socket) rather than grow until the ping timeout.
  ws.send = ((data: unknown, ...rest: unknown[]) => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > maxQueued) {
      // said once per connection: an operator sees who was dropped and why
      log(`cardwords serve: dropped a connection that does not read: ${ws.bufferedAmount} bytes queued, more than ${maxQueued}`);
      ws.terminate();
      return;
    }
    send(data, ...rest);
  }) as typeof ws.send;
  const reply = (code: string, message: string, ref: FrameRef = {}) => {
    if (ws.readyState === ws.OPEN) ws.send(errorFrame(code, message, ref));
  };
  /** Every frame a client sends takes a token, whatever its kind; false when none is left. */
  const take = (): boolean => {
    const now = performance.now();
    tokens = Math.min(limits.burst, tokens + ((now - last) / 1000) * limits.ratePerSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
  const emit = ws.emit.bind(ws);
  ws.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'ping') {
      // WebSocket pings are answered here (autoPong is off), within the same rate
      if (take()) ws.pong(args[0] as Buffer);
      return true;
    }
    if (event !== 'message') return emit(event, ...args);
    const [data, isBinary] = args as [Buffer | ArrayBuffer | Buffer[], boolean];
    const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const kind = isBinary && buf.length > 0 ? buf[0]! & 0x1f : -1;
    const user = USER_FRAMES.has(kind);
    if (!take()) {
      // the handshake frames (join, leave) pass: a client must be able to come and go;
      // text and pings beyond the rate are dropped without a word
      if (isBinary && !user && kind !== Protocol.PING) return emit(event, buf, isBinary);
      if (user) reply('rate-limited', `more than ${limits.ratePerSecond} messages a second: slow down`, frameRef(buf));
      return true;
    }
    if (!isBinary) {
      reply('malformed', 'messages are binary Colyseus frames');
      return true;
    }
    if (!user) return emit(event, buf, isBinary); // protocol frames: join, ping, leave
    if (buf.length > limits.maxMessageBytes) {
      reply('too-large', `a message may have at most ${limits.maxMessageBytes} bytes, not ${buf.length}`, frameRef(buf));
      return true;
    }
    const refusal = inspectFrame(buf);
    if (refusal) {
      reply(refusal.code, refusal.message, frameRef(buf));
      return true;
    }
    return emit(event, buf, isBinary);
  }) as typeof ws.emit;
}

/** The WebSocket transport with the gate on every connection. */
export function gatedTransport(options: TransportOptions, limits: Limits, log: (line: string) => void): WebSocketTransport {
  class GatedTransport extends WebSocketTransport {
    // Colyseus registers this method unbound (`this` is the WebSocketServer), so it uses no `this`.
    protected override async onConnection(rawClient: never, req: IncomingMessage, upgrade?: never): Promise<void> {
      gate(rawClient as unknown as WebSocket, limits, log);
      return WebSocketTransport.prototype['onConnection'].call(this, rawClient, req, upgrade);
    }
  }
  return new GatedTransport({ ...options, maxPayload: HARD_MAX_BYTES, autoPong: false } as TransportOptions);
}
