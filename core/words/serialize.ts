// The versioned binary form of a word graph, for the cache (server/words/cache.ts).
//   bytes 0..3   "CWKG"
//   4..7         format version (uint32 LE)
//   8..15        key: hash of the inputs (two uint32 LE)
//   16..39       dawgRoot, gaddagRoot, wordCount, arcCount, alphabet byte length, wide (uint32 LE)
//   40..         the alphabet, UTF-8, characters separated by U+0000; padded to 4 bytes
//   then         the arcs, 1 uint32 LE per arc (graph.ts); a wide graph's letters follow,
//                1 uint16 LE per arc
// Version 2: 4-byte arcs (version 1 had 8). Version 3: a node may start inside another
// node's arcs (graph.ts, shareTails). Version 4: the nodes laid out breadth first.
import { END, TARGET_MASK, WIDE_TARGET_MASK, type WordGraph } from './graph.js';

export const GRAPH_FORMAT_VERSION = 4;
export const GRAPH_MAGIC = 0x474b5743; // "CWKG" little-endian

/** FNV-1a (two lanes) over the alphabet and the words: the cache key of a graph. */
export function graphKey(chars: readonly string[], words: readonly string[]): string {
  let a = 0x811c9dc5 | 0;
  let b = 0x01000193 ^ GRAPH_FORMAT_VERSION;
  const mix = (code: number) => {
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 13;
  };
  for (const c of chars) {
    for (let i = 0; i < c.length; i++) mix(c.charCodeAt(i));
    mix(0);
  }
  mix(1);
  for (const w of words) {
    for (let i = 0; i < w.length; i++) mix(w.charCodeAt(i));
    mix(10);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const HEAD = 40;

export function encodeGraph(g: WordGraph, chars: readonly string[], key: string): Uint8Array {
  const alpha = new TextEncoder().encode(chars.join('\u0000'));
  const alphaPadded = (alpha.length + 3) & ~3;
  const head = HEAD + alphaPadded;
  const n = g.arcCount;
  const out = new Uint8Array(head + n * 4 + (g.letters ? n * 2 : 0));
  const dv = new DataView(out.buffer);
  dv.setUint32(0, GRAPH_MAGIC, true);
  dv.setUint32(4, GRAPH_FORMAT_VERSION, true);
  dv.setUint32(8, parseInt(key.slice(0, 8), 16) >>> 0, true);
  dv.setUint32(12, parseInt(key.slice(8, 16), 16) >>> 0, true);
  dv.setUint32(16, g.dawgRoot, true);
  dv.setUint32(20, g.gaddagRoot, true);
  dv.setUint32(24, g.wordCount, true);
  dv.setUint32(28, n, true);
  dv.setUint32(32, alpha.length, true);
  dv.setUint32(36, g.letters ? 1 : 0, true);
  out.set(alpha, HEAD);
  const arcs = g.arcs.subarray(0, n);
  if (littleEndian()) out.set(new Uint8Array(arcs.buffer, arcs.byteOffset, arcs.byteLength), head);
  else for (let i = 0; i < n; i++) dv.setUint32(head + 4 * i, arcs[i]!, true);
  if (g.letters) for (let i = 0; i < n; i++) dv.setUint16(head + 4 * n + 2 * i, g.letters[i]!, true);
  return out;
}

export class GraphFormatError extends Error {}

/** Decodes a cached graph; throws GraphFormatError when it is not one, of another version or key. */
export function decodeGraph(bytes: Uint8Array, expectedKey?: string): { graph: WordGraph; chars: string[]; key: string } {
  if (bytes.length < HEAD) throw new GraphFormatError('too short for a word graph');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== GRAPH_MAGIC) throw new GraphFormatError('not a word graph (bad magic)');
  const version = dv.getUint32(4, true);
  if (version !== GRAPH_FORMAT_VERSION) throw new GraphFormatError(`word graph format ${version}, expected ${GRAPH_FORMAT_VERSION}`);
  const key = dv.getUint32(8, true).toString(16).padStart(8, '0') + dv.getUint32(12, true).toString(16).padStart(8, '0');
  if (expectedKey !== undefined && key !== expectedKey) throw new GraphFormatError('word graph of other inputs (key differs)');
  const dawgRoot = dv.getUint32(16, true);
  const gaddagRoot = dv.getUint32(20, true);
  const wordCount = dv.getUint32(24, true);
  const arcCount = dv.getUint32(28, true);
  const alphaLen = dv.getUint32(32, true);
  const wide = dv.getUint32(36, true);
  if (wide > 1) throw new GraphFormatError('word graph layout flag out of range');
  const head = HEAD + ((alphaLen + 3) & ~3);
  if (bytes.length !== head + arcCount * 4 + (wide ? arcCount * 2 : 0)) throw new GraphFormatError('word graph truncated');
  const chars = alphaLen ? new TextDecoder().decode(bytes.subarray(HEAD, HEAD + alphaLen)).split('\u0000') : [];
  let arcs: Uint32Array;
  // read in place when the bytes are aligned (a file read whole usually is), else copied
  if (littleEndian() && (bytes.byteOffset + head) % 4 === 0) arcs = new Uint32Array(bytes.buffer, bytes.byteOffset + head, arcCount);
  else {
    arcs = new Uint32Array(arcCount);
    for (let i = 0; i < arcCount; i++) arcs[i] = dv.getUint32(head + 4 * i, true);
  }
  let letters: Uint16Array | null = null;
  if (wide) {
    letters = new Uint16Array(arcCount);
    for (let i = 0; i < arcCount; i++) letters[i] = dv.getUint16(head + 4 * arcCount + 2 * i, true);
  }
  if (dawgRoot >= arcCount || gaddagRoot >= arcCount) throw new GraphFormatError('word graph roots out of range');
  // every node reached is an arc, and the last arc ends its node: no read runs off the end
  const tm = wide ? WIDE_TARGET_MASK : TARGET_MASK;
  for (let i = 0; i < arcCount; i++) if ((arcs[i]! & tm) >= arcCount) throw new GraphFormatError('word graph arc out of range');
  if (arcCount > 0 && !(arcs[arcCount - 1]! & END)) throw new GraphFormatError('word graph does not end a node');
  return { graph: { arcs, letters, arcCount, dawgRoot, gaddagRoot, wordCount }, chars, key };
}

function littleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}
