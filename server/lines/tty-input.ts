// Terminal input for Lines: raw bytes to key and mouse events. Understands the cursor keys
// in both normal (ESC [ A) and application (ESC O A) forms, SGR mouse reports
// (ESC [ < b ; x ; y M/m, xterm mode 1006) and plain characters.

export type InputEvent =
  | { type: 'key'; key: 'up' | 'down' | 'left' | 'right' }
  | { type: 'char'; ch: string }
  /** 0-based screen position; `press` false for a release. */
  | { type: 'mouse'; button: number; x: number; y: number; press: boolean };

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = { A: 'up', B: 'down', C: 'right', D: 'left' };

/** Decodes one chunk of input (terminals send each key or report whole in one chunk). */
export function decodeInput(data: string): InputEvent[] {
  const out: InputEvent[] = [];
  let i = 0;
  while (i < data.length) {
    const rest = data.slice(i);
    if (rest[0] === '\x1b') {
      const mouse = /^\x1b\[<(\d+);(\d+);(\d+)([Mm])/.exec(rest);
      if (mouse) {
        out.push({ type: 'mouse', button: Number(mouse[1]), x: Number(mouse[2]) - 1, y: Number(mouse[3]) - 1, press: mouse[4] === 'M' });
        i += mouse[0].length;
        continue;
      }
      const arrow = /^\x1b[[O](?:1;\d+)?([ABCD])/.exec(rest);
      if (arrow) {
        out.push({ type: 'key', key: ARROWS[arrow[1]!]! });
        i += arrow[0].length;
        continue;
      }
      // Any other CSI or SS3 sequence (function keys...): skip it whole.
      const other = /^\x1b(?:\[[0-9;?<>]*[@-~]|O.)/.exec(rest);
      if (other) {
        i += other[0].length;
        continue;
      }
      out.push({ type: 'char', ch: '\x1b' });
      i++;
      continue;
    }
    const cp = data.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    out.push({ type: 'char', ch });
    i += ch.length;
  }
  return out;
}
