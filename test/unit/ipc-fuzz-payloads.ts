// Invalid payloads by construction: each one breaks its channel's contract in at least one way the
// contract forbids (not an object, an unknown key, a missing required field, a wrong type, a string
// over every bound, a number that is not a finite integer, absurd nesting, an array for an object).
import type { Sample } from './ipc-samples';

import { mulberry32, type Rng as Random } from '../../electron/sandbox/prng';

export { mulberry32, type Random };

const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Longer than any string the contract accepts (the largest bound is 200,000). */
export const HUGE = 'x'.repeat(300_000);

function deep(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** Values of a type different from `v` (and never null/undefined where those are allowed). */
function wrongValue(r: Random, v: unknown, nullable: boolean, optional: boolean): unknown {
  const candidates: unknown[] = [
    42,
    -1.5,
    NaN,
    Infinity,
    -Infinity,
    true,
    'text',
    '',
    [],
    [1, 'a'],
    {},
    { __proto__x: 1 },
    deep(5_000),
    null,
    undefined,
  ];
  const want = typeOf(v);
  const wrong = candidates.filter((c) => {
    if (c === null && nullable) return false;
    if (c === undefined && optional) return false;
    return typeOf(c) !== want;
  });
  return pick(r, wrong);
}

/** Extra keys that no strict schema allows, including prototype-pollution names. */
const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'apiKey2',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'é',
  HUGE.slice(0, 5000),
];

function withOwnKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  // Object.defineProperty makes `__proto__` an own key, as JSON.parse would.
  Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true });
  return obj;
}

const NOT_OBJECTS: unknown[] = [
  undefined,
  null,
  0,
  NaN,
  Infinity,
  -Infinity,
  'payload',
  '',
  true,
  [],
  [{}],
  () => 1,
  HUGE,
];

/** One invalid payload for a channel whose valid sample is `sample`. */
export function invalidPayload(r: Random, sample: Sample): unknown {
  const fields = Object.keys(sample.input);
  const optional = new Set(sample.optional ?? []);
  const nullable = new Set(sample.nullable ?? []);
  const required = fields.filter((f) => !optional.has(f));
  const strategies: (() => unknown)[] = [
    () => pick(r, NOT_OBJECTS),
    () => (r() < 0.5 ? deep(10_000) : [sample.input]),
    () =>
      withOwnKey({ ...sample.input }, pick(r, EXTRA_KEYS), pick(r, [1, 'x', {}, { polluted: true }, null])),
    () =>
      JSON.parse(
        `{"__proto__": {"polluted": true}, ${JSON.stringify(sample.input).slice(1, -1) || '"z":1'}}`,
      ),
  ];
  if (required.length > 0) {
    strategies.push(() => {
      const copy: Record<string, unknown> = { ...sample.input };
      delete copy[pick(r, required)];
      return copy;
    });
  }
  if (fields.length > 0) {
    strategies.push(() => {
      const copy: Record<string, unknown> = { ...sample.input };
      const f = pick(r, fields);
      copy[f] = wrongValue(r, copy[f], nullable.has(f), optional.has(f));
      // Keep undefined-valued optional fields distinguishable: a wrong value replaces, never deletes.
      return copy;
    });
    const strings = fields.filter((f) => typeof sample.input[f] === 'string');
    if (strings.length > 0) {
      strategies.push(() => ({ ...sample.input, [pick(r, strings)]: HUGE }));
    }
    const numbers = fields.filter((f) => typeof sample.input[f] === 'number');
    if (numbers.length > 0) {
      strategies.push(() => ({
        ...sample.input,
        [pick(r, numbers)]: pick(r, [NaN, Infinity, -Infinity, 1.5, -7, 1e300]),
      }));
    }
    const arrays = fields.filter((f) => Array.isArray(sample.input[f]));
    if (arrays.length > 0) {
      strategies.push(() => {
        const f = pick(r, arrays);
        const empty = sample.emptyArrayOk?.includes(f) ? [] : [[]];
        return { ...sample.input, [f]: pick(r, [...empty, new Array(20_000).fill(sample.input), {}]) };
      });
    }
  }
  return pick(r, strategies)();
}
