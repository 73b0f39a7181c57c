// How an answer travels to a browser page (the web bridge's call socket): as one JSON text, made
// on the core's thread and passed on untouched. A text crosses a thread or a process as one copy,
// where an object is serialised and rebuilt at every crossing (the core's thread to its process's
// main thread, that to the bridge, the bridge to the socket: about 0.4-1 ms each for a 100-row
// window). Rows go by column: their keys once, then each row's values in that order, not one
// JSON object per row: a 100-row window is about 30% fewer bytes to write, move and parse.
import type { Envelope } from './contract';

/** Rows sent by column: `k` the keys, `v` each row's values in that order. */
interface Packed {
  $rows: { k: string[]; v: unknown[][] };
}

const MIN_ROWS = 8;

function sameKeys(rows: unknown[]): string[] | null {
  const first = rows[0];
  if (!first || typeof first !== 'object' || Array.isArray(first)) return null;
  const keys = Object.keys(first);
  for (const r of rows) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) return null;
    const k = Object.keys(r);
    if (k.length !== keys.length || k.some((x, i) => x !== keys[i])) return null;
  }
  return keys;
}

function pack(value: unknown): unknown {
  if (Array.isArray(value) && value.length >= MIN_ROWS) {
    const keys = sameKeys(value);
    if (keys) {
      const v = value.map((r) => keys.map((k) => (r as Record<string, unknown>)[k]));
      // JSON keeps no undefined in an array: such rows travel as they are.
      if (!v.some((vals) => vals.includes(undefined))) return { $rows: { k: keys, v } } satisfies Packed;
    }
  }
  return value;
}

/** An answer ready for JSON: arrays of rows at the top of the value (or the value itself) packed. */
function packAnswer(envelope: Envelope<unknown>): Envelope<unknown> {
  if (!envelope.ok || envelope.value === null || typeof envelope.value !== 'object') return envelope;
  const v = envelope.value as Record<string, unknown>;
  const value = Array.isArray(v)
    ? pack(v)
    : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, pack(x)]));
  return { ok: true, value };
}

function unpack(value: unknown): unknown {
  if (!value || typeof value !== 'object' || !('$rows' in value)) return value;
  const { k, v } = (value as Packed).$rows;
  return v.map((vals) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < k.length; i++) row[k[i]!] = vals[i];
    return row;
  });
}

/** The envelope of an answer as packAnswer wrote it. */
function unpackAnswer(envelope: Envelope<unknown>): Envelope<unknown> {
  if (
    !envelope ||
    typeof envelope !== 'object' ||
    !envelope.ok ||
    !envelope.value ||
    typeof envelope.value !== 'object'
  )
    return envelope;
  const v = envelope.value as Record<string, unknown>;
  if ('$rows' in v) return { ok: true, value: unpack(v) };
  if (Array.isArray(v)) return envelope;
  for (const key of Object.keys(v)) v[key] = unpack(v[key]);
  return envelope;
}

/** An answer as the text that travels. */
export const packText = (envelope: Envelope<unknown>): string => JSON.stringify(packAnswer(envelope));

/** The envelope a packed text carries (a text that is not one is an answer the page cannot read). */
export function unpackText(text: unknown): Envelope<unknown> {
  if (typeof text !== 'string') throw new Error('not a packed answer');
  return unpackAnswer(JSON.parse(text) as Envelope<unknown>);
}

/** A packed text on its last hop, the socket to a page: written into the socket's message as the
 *  JSON it is (../shared/rpc.ts), not as a string inside it, which the bridge would escape (about
 *  0.5 ms for a 100-row window) and the page would parse twice. */
export class PackedJson {
  constructor(readonly text: string) {}
}

/** The envelope of an answer as a page receives it: the JSON written into the message (PackedJson),
 *  or a packed text. */
export function unpackReceived(answer: unknown): Envelope<unknown> {
  if (typeof answer === 'string') return unpackText(answer);
  if (!answer || typeof answer !== 'object' || typeof (answer as { ok?: unknown }).ok !== 'boolean')
    throw new Error('not a packed answer');
  return unpackAnswer(answer as Envelope<unknown>);
}
