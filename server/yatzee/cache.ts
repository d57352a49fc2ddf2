// The solved Yatzee table on disk: a versioned binary file in the user's cache folder,
// written atomically (temporary file + rename), checked on load (magic, format version,
// rules id, length, checksum), so a stale or damaged file is simply solved again.
//
// Folder: the user's cache folder (server/cache-dir.ts).
// File layout (little-endian): 32-byte header, then TABLE_LENGTH float64 values.
//   0 magic "CWYZ" | 4 format version u32 | 8 rules id u32 | 12 value count u32
//   16 checksum u32 (FNV-1a over the value bytes as u32 words) | 20..31 zero
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TABLE_LENGTH } from '../../core/robots/yatzee/solver.js';
import { cacheDir } from '../cache-dir.js';

export const CACHE_FORMAT_VERSION = 1;
/** Changes whenever the rules or the table's meaning change (a new id = a new solve). */
export const RULES_ID = 0x59a7_2025; // Scandinavian strict rules as docs/rules.md#yatzee; table = points to come, bonus at crossing
const MAGIC = 0x5a595743; // "CWYZ" read as a little-endian u32
const HEADER = 32;

export function cacheFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(cacheDir(env), `yatzee-optimal-v${CACHE_FORMAT_VERSION}.bin`);
}

function checksum(words: Uint32Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
  return h >>> 0;
}

export function encodeTable(v: Float64Array): Uint8Array {
  if (v.length !== TABLE_LENGTH) throw new RangeError(`a Yatzee table has ${TABLE_LENGTH} values, not ${v.length}`);
  const out = new Uint8Array(HEADER + v.length * 8);
  const body = new Float64Array(out.buffer, HEADER, v.length);
  body.set(v);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, CACHE_FORMAT_VERSION, true);
  dv.setUint32(8, RULES_ID, true);
  dv.setUint32(12, v.length, true);
  dv.setUint32(16, checksum(new Uint32Array(out.buffer, HEADER, v.length * 2)), true);
  return out;
}

/** The table in `bytes`, or a reason why it is not a valid table file. */
export function decodeTable(bytes: Uint8Array): { table: Float64Array } | { reason: string } {
  if (os.endianness() !== 'LE') return { reason: 'big-endian machine: the cache is little-endian' };
  if (bytes.length !== HEADER + TABLE_LENGTH * 8) return { reason: `wrong size ${bytes.length}` };
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) return { reason: 'not a Cardwords Yatzee table' };
  if (dv.getUint32(4, true) !== CACHE_FORMAT_VERSION) return { reason: `format version ${dv.getUint32(4, true)}` };
  if (dv.getUint32(8, true) !== RULES_ID) return { reason: 'made for other rules' };
  if (dv.getUint32(12, true) !== TABLE_LENGTH) return { reason: 'wrong value count' };
  // Float64Array needs 8-byte alignment; small Buffers may sit in a shared pool.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset + HEADER, TABLE_LENGTH * 2);
  if (checksum(words) !== dv.getUint32(16, true)) return { reason: 'checksum mismatch' };
  return { table: new Float64Array(aligned.buffer, aligned.byteOffset + HEADER, TABLE_LENGTH) };
}

/** The cached table, or null when missing or invalid (`why` receives the reason). */
export function loadTable(file = cacheFile(), why?: (reason: string) => void): Float64Array | null {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    why?.('no cached table');
    return null;
  }
  const r = decodeTable(bytes);
  if ('reason' in r) {
    why?.(r.reason);
    return null;
  }
  return r.table;
}

/** Writes the table atomically: a temporary file in the same folder, then a rename. */
export function saveTable(v: Float64Array, file = cacheFile()): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeFileSync(tmp, encodeTable(v));
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
