// LSP base-protocol framing over a byte stream, checked before vscode-jsonrpc reads it.
// vscode-jsonrpc's stream reader goes deaf on a bad header: after `Content-Length: abc` or
// a missing length it reads the body as the next header, after `-5` it never completes a
// message, after 999999999999 it waits for that many bytes; and it says nothing. Here each
// header is checked first: a bad one is reported on stderr and skipped up to the next
// `Content-Length:` header, and only whole, well-formed messages reach the reader.
import { PassThrough, type Readable } from 'node:stream';

/** Largest message accepted (a big dictionary opened in the editor is well below). */
export const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** Longest header block; longer without its blank line is not a header. */
const MAX_HEADER_BYTES = 8192;
const HEADER_END = Buffer.from('\r\n\r\n');
const LENGTH_FIELD = Buffer.from('content-length:');

/** Where the next `Content-Length:` header starts at or after `from` (case-insensitive), or -1. */
function nextHeader(buf: Buffer, from: number): number {
  const lower = Buffer.from(buf.toString('latin1').toLowerCase(), 'latin1');
  return lower.indexOf(LENGTH_FIELD, from);
}

/** The body length a header block announces, or why it is no valid header. */
export function contentLength(header: string): number | string {
  let length: number | string = 'no Content-Length header';
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a header line without a colon: ${JSON.stringify(line.slice(0, 80))}`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,10}$/.test(value)) return `Content-Length is no length: ${JSON.stringify(value.slice(0, 40))}`;
    const n = Number(value);
    if (n > MAX_MESSAGE_BYTES) return `Content-Length ${n} is above the limit of ${MAX_MESSAGE_BYTES} bytes`;
    length = n;
  }
  return length;
}

/** `input` with bad frames reported through `report` and left out. */
export function checkedFrames(input: Readable, report: (problem: string) => void): Readable {
  const out = new PassThrough();
  let buf: Buffer = Buffer.alloc(0);
  const skip = (problem: string, from: number) => {
    const next = nextHeader(buf, from);
    report(`cardwords lsp: a bad message frame (${problem}); skipped to the next Content-Length header`);
    // keep a possible partial `Content-Length:` at the end for the bytes still to come
    buf = next >= 0 ? buf.subarray(next) : buf.subarray(Math.max(0, buf.length - LENGTH_FIELD.length + 1));
  };
  const pump = () => {
    for (;;) {
      const end = buf.indexOf(HEADER_END);
      if (end < 0) {
        if (buf.length > MAX_HEADER_BYTES) skip('a header without its end', 1);
        return;
      }
      const length = contentLength(buf.subarray(0, end).toString('ascii'));
      if (typeof length === 'string') {
        skip(length, 1);
        continue;
      }
      const total = end + HEADER_END.length + length;
      if (buf.length < total) return;
      out.write(buf.subarray(0, total));
      buf = buf.subarray(total);
    }
  };
  input.on('data', (chunk: Buffer) => {
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    pump();
  });
  input.on('end', () => out.end());
  input.on('close', () => out.end());
  return out;
}
