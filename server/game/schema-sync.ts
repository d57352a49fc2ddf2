// What both rooms' schemas share: writing only changed values (Colyseus sends what changed,
// so an unchanged write must not mark a field), and the compile-time check that a schema
// sends exactly its protocol interface (core/protocol/game.ts).
import type { ToJSON } from '@colyseus/schema';

/**
 * `true` when a schema's decoded shape has exactly the interface's fields, each of a type
 * the interface accepts; otherwise `false`, which `MirrorsProtocol` refuses to compile.
 */
export type Mirrors<S, I> = [keyof ToJSON<S>] extends [keyof I] ? ([keyof I] extends [keyof ToJSON<S>] ? (ToJSON<S> extends I ? true : false) : false) : false;
/** Compiles only for `true`: `type _ = MirrorsProtocol<Mirrors<SchemaInstance, Interface>>`. */
export type MirrorsProtocol<T extends true> = T;

export function set<O extends object, K extends keyof O>(o: O, k: K, v: O[K]): void {
  if (o[k] !== v) o[k] = v;
}

export interface SchemaArray<T> {
  length: number;
  push(...v: T[]): number;
  splice(start: number, deleteCount?: number): T[];
  [i: number]: T;
}

export function setArray<T>(arr: SchemaArray<T>, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) {
    if (i < arr.length) {
      if (arr[i] !== values[i]) arr[i] = values[i]!;
    } else arr.push(values[i]!);
  }
  if (arr.length > values.length) arr.splice(values.length, arr.length - values.length);
}
