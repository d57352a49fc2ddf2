// The versioned binary form of a word graph, for the cache (server/words/cache.ts).
//   bytes 0..3   "CWKG"
//   4..7         format version (uint32 LE)
//   8..15        key: hash of the inputs (two uint32 LE)
//   16..35       dawgRoot, gaddagRoot, wordCount, arcCount, alphabet byte length (uint32 LE)
//   36..         the alphabet, UTF-8, characters separated by U+0000; padded to 4 bytes
//   then         the arcs, 2 uint32 LE per arc
import type { WordGraph } from './graph.js';

export const GRAPH_FORMAT_VERSION = 1;
const MAGIC = 0x474b5743; // "CWKG" little-endian

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

export function encodeGraph(g: WordGraph, chars: readonly string[], key: string): Uint8Array {
  const alpha = new TextEncoder().encode(chars.join('\u0000'));
  const alphaPadded = (alpha.length + 3) & ~3;
  const head = 36 + alphaPadded;
  const out = new Uint8Array(head + g.arcCount * 8);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, GRAPH_FORMAT_VERSION, true);
  dv.setUint32(8, parseInt(key.slice(0, 8), 16) >>> 0, true);
  dv.setUint32(12, parseInt(key.slice(8, 16), 16) >>> 0, true);
  dv.setUint32(16, g.dawgRoot, true);
  dv.setUint32(20, g.gaddagRoot, true);
  dv.setUint32(24, g.wordCount, true);
  dv.setUint32(28, g.arcCount, true);
  dv.setUint32(32, alpha.length, true);
  out.set(alpha, 36);
  const arcs = g.arcs.subarray(0, g.arcCount * 2);
  if (littleEndian()) out.set(new Uint8Array(arcs.buffer, arcs.byteOffset, arcs.byteLength), head);
  else for (let i = 0; i < arcs.length; i++) dv.setUint32(head + 4 * i, arcs[i]!, true);
  return out;
}

export class GraphFormatError extends Error {}

/** Decodes a cached graph; throws GraphFormatError when it is not one, of another version or key. */
export function decodeGraph(bytes: Uint8Array, expectedKey?: string): { graph: WordGraph; chars: string[]; key: string } {
  if (bytes.length < 36) throw new GraphFormatError('too short for a word graph');
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) throw new GraphFormatError('not a word graph (bad magic)');
  const version = dv.getUint32(4, true);
  if (version !== GRAPH_FORMAT_VERSION) throw new GraphFormatError(`word graph format ${version}, expected ${GRAPH_FORMAT_VERSION}`);
  const key = dv.getUint32(8, true).toString(16).padStart(8, '0') + dv.getUint32(12, true).toString(16).padStart(8, '0');
  if (expectedKey !== undefined && key !== expectedKey) throw new GraphFormatError('word graph of other inputs (key differs)');
  const dawgRoot = dv.getUint32(16, true);
  const gaddagRoot = dv.getUint32(20, true);
  const wordCount = dv.getUint32(24, true);
  const arcCount = dv.getUint32(28, true);
  const alphaLen = dv.getUint32(32, true);
  const head = 36 + ((alphaLen + 3) & ~3);
  if (bytes.length !== head + arcCount * 8) throw new GraphFormatError('word graph truncated');
  const chars = alphaLen ? new TextDecoder().decode(bytes.subarray(36, 36 + alphaLen)).split('\u0000') : [];
  const arcs = new Uint32Array(arcCount * 2);
  if (littleEndian()) new Uint8Array(arcs.buffer).set(bytes.subarray(head, head + arcCount * 8));
  else for (let i = 0; i < arcs.length; i++) arcs[i] = dv.getUint32(head + 4 * i, true);
  if (dawgRoot >= arcCount || gaddagRoot >= arcCount) throw new GraphFormatError('word graph roots out of range');
  return { graph: { arcs, arcCount, dawgRoot, gaddagRoot, wordCount }, chars, key };
}

function littleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}
