// Option parsing for every command: node's parseArgs, with its errors turned into usage errors.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.js';

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: joinNegatives(argv, options), options, allowPositionals, strict: true });
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

/**
 * `--top -1` as `--top=-1`: node's parser reads a value starting with a dash as an option
 * and says "argument is ambiguous", where the option's own check says what range it takes
 * (as it does for `--top 0`). Only a number is joined, and only after an option that takes
 * a value; nothing after `--`.
 */
function joinNegatives(argv: string[], options: NonNullable<ParseArgsConfig['options']>): string[] {
  const takesValue = new Set<string>();
  for (const [name, o] of Object.entries(options)) {
    if (o.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (o.short) takesValue.add(`-${o.short}`);
  }
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    if (takesValue.has(a) && next !== undefined && /^-\d/.test(next)) {
      out.push(a.startsWith('--') ? `${a}=${next}` : `${a}${next}`); // -n-1: a short option's value follows it
      i++;
    } else out.push(a);
  }
  return out;
}
