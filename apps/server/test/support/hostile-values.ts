import type { z } from 'zod';

/**
 * Input for the contract-generated hostile-input test (src/http/hostile-input.test.ts): a valid request of every
 * endpoint, built from its Zod schemas, and the hostile values put in place of each of its fields in turn.
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Texts a valid field may hold, most specific first: the first its schema accepts is taken. */
export interface SamplePools {
  strings: readonly string[];
  numbers: readonly number[];
}

const parses = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * A value the schema accepts (undefined when none of the pools' values fits). Optional fields are filled in too,
 * so that every field is there to be made hostile.
 */
export function sampleOf(schema: z.ZodType, pools: SamplePools, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(def.shape ?? {})) {
        const sample = sampleOf(child, pools, name);
        if (sample !== undefined) value[name] = sample;
      }
      // Fields that exclude each other (a device or a device type): leave out, or null, what the whole refuses.
      for (const name of Object.keys(value)) {
        if (parses(schema, value)) break;
        const kept = value[name];
        value[name] = null;
        if (parses(schema, value)) break;
        delete value[name];
        if (!parses(schema, value)) value[name] = kept;
      }
      return value;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional': {
      const inner = sampleOf(def.innerType!, pools, key);
      return inner === undefined && def.type === 'nullable' ? null : inner;
    }
    case 'pipe':
      return firstParsing(schema, [sampleOf(def.in!, pools, key), ...candidatesFor(def.out!, pools, key)]);
    case 'transform':
      return undefined;
    case 'lazy':
      return sampleOf(def.getter!(), pools, key);
    case 'array': {
      const element = sampleOf(def.element!, pools, key);
      return firstParsing(schema, [element === undefined ? [] : [element], []]);
    }
    case 'tuple':
      return (def.items ?? []).map((item) => sampleOf(item, pools, key));
    case 'union':
      for (const option of def.options ?? []) {
        const sample = sampleOf(option, pools, key);
        if (sample !== undefined && parses(schema, sample)) return sample;
      }
      return undefined;
    case 'record':
      return {};
    default:
      return firstParsing(schema, candidatesFor(schema, pools, key));
  }
}

function candidatesFor(schema: z.ZodType, pools: SamplePools, key: string): unknown[] {
  const def = defOf(schema);
  if (def.type === 'enum') return Object.values(def.entries ?? {});
  if (def.type === 'literal') return def.values ?? [];
  if (def.type === 'boolean') return [true, false];
  if (def.type === 'number' || def.type === 'int' || def.type === 'bigint') return [...pools.numbers];
  if (def.type === 'unknown' || def.type === 'any') return [1];
  // Query parameters are texts: a number or a flag arrives as one.
  const named = pools.strings.filter((s) => key !== '' && s.toLowerCase().includes(key.toLowerCase()));
  return [...named, ...pools.strings, ...pools.numbers, ...pools.numbers.map(String), 'true', 'false'];
}

function firstParsing(schema: z.ZodType, candidates: readonly unknown[]): unknown {
  return candidates.find((candidate) => candidate !== undefined && parses(schema, candidate));
}

/** Every field of a sample: the path to each leaf, and to each object and array too (nesting goes there). */
export function fieldPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, i) => fieldPaths(item, [...path, i]))];
  if (typeof value === 'object' && value !== null) {
    return [path, ...Object.entries(value).flatMap(([k, v]) => fieldPaths(v, [...path, k]))];
  }
  return [path];
}

/** The value with `replacement` at `path` (the root itself when the path is empty). */
export function withValueAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}

/** An array nested `depth` levels deep, built without recursion. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

export interface HostileValue {
  label: string;
  value: unknown;
  /** The API must refuse it wherever it is put (a 4xx naming the field), not only answer without a 5xx. */
  refused: boolean;
}

/**
 * Stands for a value nested 20,000 levels deep: JSON.stringify itself overflows on one, so the request's JSON text
 * gets it written in place of this marker (jsonWithDeepNesting).
 */
export const DEEPLY_NESTED = 'HOSTILE_NESTED_20000';
const DEEP_LEVELS = 10_000; // each level is an array and an object

/** The JSON text of a request body, the marker replaced by 20,000 levels of nesting, written without recursion. */
export function jsonWithDeepNesting(body: unknown): string {
  const deep = `${'[{"a":'.repeat(DEEP_LEVELS)}1${'}]'.repeat(DEEP_LEVELS)}`;
  return JSON.stringify(body).replaceAll(JSON.stringify(DEEPLY_NESTED), deep);
}

/** Values that no field may hold: the answer must be a 4xx. */
export const ALWAYS_REFUSED: readonly HostileValue[] = [
  { label: 'NUL inside a text', value: 'a\u0000b', refused: true },
  { label: 'a lone NUL', value: '\u0000', refused: true },
  { label: 'a lone high surrogate', value: 'x\ud800', refused: true },
  { label: 'a lone low surrogate', value: '\udc00y', refused: true },
  { label: 'nested 20,000 levels', value: DEEPLY_NESTED, refused: true },
  { label: 'nested 40 levels', value: nested(40), refused: true },
  { label: 'an object with a NUL key', value: { 'a\u0000': 1 }, refused: true },
];

/** Values a field may or may not accept: whatever the answer, it is never a 5xx. */
export const UNUSUAL: readonly HostileValue[] = [
  ...[
    ['null', null],
    ['true', true],
    ['a number', 12],
    ['a text', 'abc'],
    ['an empty object', {}],
    ['an empty array', []],
    ['an empty text', ''],
    ['blanks', '   '],
    ['a 100,000-character text', 'x'.repeat(100_000)],
    ['a 65-character id', 'D'.repeat(65)],
    ['3,000,000,000', 3_000_000_000],
    ['2^32', 4_294_967_296],
    ['2^53 + 1', 2 ** 53 + 1],
    ['1e308', 1e308],
    ['-1e308', -1e308],
    ['-1', -1],
    ['a tiny fraction', 1e-320],
    ['0.5', 0.5],
    ['the year 2100', '2100-01-01T00:00:00Z'],
    ['the year 0001', '0001-01-01T00:00:00Z'],
    ['the year 9999', '9999-12-31T23:59:59.999Z'],
    ['the last date JavaScript knows', '+275760-09-13T00:00:00Z'],
    ['30 February', '2026-02-30T00:00:00Z'],
    ['a day in 0001', '0001-01-01'],
    ['a day in 9999', '9999-12-31'],
    ['SQL', "'; DROP TABLE tenants; --"],
    ['a right-to-left override', '\u202egnp.exe'],
    ['an encoded NUL', '%00'],
  ].map(([label, value]) => ({ label: label as string, value, refused: false })),
];

/** Every hostile value, the always-refused first, in a fixed order: each run sends the same requests. */
export const HOSTILE_VALUES: readonly HostileValue[] = [...ALWAYS_REFUSED, ...UNUSUAL];

/** A path segment as a client sends it; a lone surrogate, which has no UTF-8 form, as the bytes a sloppy client would send. */
export function encodeSegment(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) return code < 0xdc00 ? '%ED%A0%80' : '%ED%B0%80';
      return encodeURIComponent(char);
    })
    .join('');
}
