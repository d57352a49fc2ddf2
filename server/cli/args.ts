// Option parsing for every command: node's parseArgs, with its errors turned into usage errors.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

/** A whole number option within bounds, or a usage error naming the option. */
export function intOption(value: string | undefined, name: string, min: number, max: number, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required`);
    return fallback;
  }
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, not '${value}'`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, not ${n}`);
  return n;
}
