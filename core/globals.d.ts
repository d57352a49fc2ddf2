// The host globals core/ may use, and no others (docs/architecture.md#layers). core/ is
// compiled with the language's own library only (core/tsconfig.json: no DOM, no Node
// types), so `document`, `window`, `localStorage`, `process` or `Buffer` fail to compile
// here. These few are pure computation that Node, browsers and workers all provide alike:
// UTF-8 coding, base64 decoding and running the Yatzee kernel's WebAssembly. Declared as
// narrowly as core/ uses them. Only core/tsconfig.json reads this file: the root and
// media/ projects get the full declarations from @types/node and the DOM library.

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}

declare function atob(data: string): string;

declare namespace WebAssembly {
  class Module {
    constructor(bytes: ArrayBuffer | ArrayBufferView);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
}
