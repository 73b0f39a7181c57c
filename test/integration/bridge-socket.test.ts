// The web bridge's call socket (GET /socket upgraded to a WebSocket) over a real TCP connection:
// it answers contract calls by id (the messages of ../../electron/shared/rpc.ts), refuses a missing
// token, a foreign Origin or Host, survives bad messages, and closes on frames a browser would
// never send (unmasked, oversized).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../electron/shared/contract';
import { unpackReceived } from '../../electron/shared/packed';
import { MAX_BODY_BYTES, startWebBridge, type WebBridge } from '../../electron/web/bridge';

let root: string;
let bridge: WebBridge;

interface Frame {
  opcode: number;
  payload: Buffer;
}

/** A call as the browser's client sends it: `invoke(channel, payload)`, by id. */
const request = (id: number, channel: unknown, payload: unknown, method = 'invoke') =>
  JSON.stringify({ t: 'q', i: String(id), m: method, a: [channel, payload] });

/** An answer: `r` the envelope (unpacked), or `e` if the call could not run. */
interface Answer {
  t: string;
  i: string;
  r?: Envelope<unknown>;
  e?: unknown;
}

/** A bare WebSocket client: enough to send masked (or deliberately unmasked) frames and read replies. */
class RawClient {
  private buffered = Buffer.alloc(0);
  private waiters: ((f: Frame) => void)[] = [];
  private frames: Frame[] = [];
  closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    this.closed = new Promise((r) => socket.on('close', () => r()));
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.parse();
    });
  }

  /** Opens a connection and sends the handshake; answers the status line and the client (if 101). */
  static async open(opts: { token?: string | null; origin?: string | null; host?: string } = {}) {
    const url = new URL(bridge.origin);
    const socket = connect(Number(url.port), '127.0.0.1');
    await new Promise<void>((r, f) => socket.once('connect', r).once('error', f));
    const token = opts.token === undefined ? bridge.token : opts.token;
    const origin = opts.origin === undefined ? bridge.origin : opts.origin;
    const lines = [
      `GET /socket${token === null ? '' : `?token=${token}`} HTTP/1.1`,
      `Host: ${opts.host ?? url.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      ...(origin === null ? [] : [`Origin: ${origin}`]),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const head = await new Promise<{ status: number; rest: Buffer }>((resolve) => {
      let got = Buffer.alloc(0);
      const onData = (c: Buffer) => {
        got = Buffer.concat([got, c]);
        const end = got.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        resolve({
          status: Number(/^HTTP\/1\.1 (\d+)/.exec(got.toString())?.[1]),
          rest: got.subarray(end + 4),
        });
      };
      socket.on('data', onData);
      socket.on('close', () => resolve({ status: 0, rest: Buffer.alloc(0) }));
    });
    if (head.status !== 101) {
      socket.destroy();
      return { status: head.status, client: null };
    }
    const client = new RawClient(socket);
    if (head.rest.length) socket.emit('data', head.rest);
    return { status: head.status, client };
  }

  sendFrame(opcode: number, payload: Buffer, { masked = true, fin = true } = {}): void {
    const len = payload.length;
    const b0 = (fin ? 0x80 : 0) | opcode;
    const m = masked ? 0x80 : 0;
    let head: Buffer;
    if (len < 126) head = Buffer.from([b0, m | len]);
    else if (len < 65_536) {
      head = Buffer.from([b0, m | 126, 0, 0]);
      head.writeUInt16BE(len, 2);
    } else {
      head = Buffer.alloc(10);
      head[0] = b0;
      head[1] = m | 127;
      head.writeBigUInt64BE(BigInt(len), 2);
    }
    if (!masked) return void this.socket.write(Buffer.concat([head, payload]));
    const mask = randomBytes(4);
    const body = Buffer.from(payload);
    for (let i = 0; i < body.length; i++) body[i] = body[i]! ^ mask[i & 3]!;
    this.socket.write(Buffer.concat([head, mask, body]));
  }

  sendText(text: string): void {
    this.sendFrame(0x1, Buffer.from(text));
  }

  next(): Promise<Frame> {
    const f = this.frames.shift();
    if (f) return Promise.resolve(f);
    return new Promise((r) => this.waiters.push(r));
  }

  /** The next answer, its envelope read as the page reads it (packed, written into the message). */
  async answer(): Promise<Answer> {
    const a = JSON.parse((await this.next()).payload.toString()) as Omit<Answer, 'r'> & { r?: unknown };
    const { r, ...rest } = a;
    return r === undefined ? rest : { ...rest, r: unpackReceived(r) };
  }

  async call(id: number, channel: unknown, payload: unknown): Promise<{ id: string; envelope: unknown }> {
    this.sendText(request(id, channel, payload));
    const a = await this.answer();
    return { id: a.i, envelope: a.r };
  }

  end(): void {
    this.socket.destroy();
  }

  private parse(): void {
    for (;;) {
      if (this.buffered.length < 2) return;
      let len = this.buffered[1]! & 0x7f;
      let off = 2;
      if (len === 126) {
        if (this.buffered.length < 4) return;
        len = this.buffered.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (this.buffered.length < 10) return;
        len = Number(this.buffered.readBigUInt64BE(2));
        off = 10;
      }
      if (this.buffered.length < off + len) return;
      const frame = { opcode: this.buffered[0]! & 0x0f, payload: this.buffered.subarray(off, off + len) };
      this.buffered = this.buffered.subarray(off + len);
      const w = this.waiters.shift();
      if (w) w(frame);
      else this.frames.push(frame);
    }
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'triage-bridge-socket-'));
  const renderer = join(root, 'renderer');
  mkdirSync(renderer, { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Outreach Triage</title>');
  bridge = await startWebBridge({
    dataDir: join(root, 'data'),
    rendererDir: renderer,
    keychainService: `Outreach Triage bridge socket ${process.pid}`,
  });
});
afterAll(async () => {
  await bridge.close();
  rmSync(root, { recursive: true, force: true });
});

describe('web bridge call socket', () => {
  it('answers contract calls by id, also when several are in flight', async () => {
    const { status, client } = await RawClient.open();
    expect(status).toBe(101);
    client!.sendText(request(7, 'settings.get', {}));
    client!.sendText(request(8, 'accounts.list', {}));
    const answers = [await client!.answer(), await client!.answer()];
    const byId = new Map(answers.map((a) => [a.i, a.r]));
    expect(byId.get('7')).toEqual({
      ok: true,
      value: expect.objectContaining({ theme: expect.any(String) }),
    });
    expect(byId.get('8')).toEqual({ ok: true, value: [] });
    client!.end();
  });

  it('gives the same validation errors as POST /rpc and keeps answering', async () => {
    const { client } = await RawClient.open();
    const unknown = await client!.call(1, 'no.such.channel', {});
    expect(unknown.envelope).toMatchObject({ ok: false, error: { kind: 'validation' } });
    const bad = await client!.call(2, 'threads.list', { accountId: 5 });
    expect(bad).toMatchObject({ id: '2', envelope: { ok: false, error: { kind: 'validation' } } });
    // Messages that are no call are dropped: the next answer is the next call's.
    client!.sendText('this is not json');
    client!.sendText(JSON.stringify({ t: 'q', i: 9, m: 'invoke', a: 'settings.get' }));
    client!.sendText('null');
    const fine = await client!.call(3, 'settings.get', {});
    expect(fine).toMatchObject({ id: '3', envelope: { ok: true } });
    client!.end();
  });

  it('runs nothing but the contract call: other names are refused, also inherited ones', async () => {
    const { client } = await RawClient.open();
    for (const [i, method] of ['constructor', 'toString', '__proto__', 'hasOwnProperty'].entries()) {
      client!.sendText(request(20 + i, 'settings.get', {}, method));
      const refused = await client!.answer();
      expect(refused.i).toBe(String(20 + i));
      expect(refused.r).toBeUndefined();
      expect(refused.e).toBeDefined();
    }
    expect((await client!.call(30, 'settings.get', {})).envelope).toMatchObject({ ok: true });
    client!.end();
  });

  it('reassembles a message sent in fragments', async () => {
    const { client } = await RawClient.open();
    const text = Buffer.from(request(4, 'settings.get', {}));
    client!.sendFrame(0x1, text.subarray(0, 10), { fin: false });
    client!.sendFrame(0x9, Buffer.from('ping in between'));
    client!.sendFrame(0x0, text.subarray(10), { fin: true });
    const pong = await client!.next();
    expect(pong.opcode).toBe(0xa);
    expect(pong.payload.toString()).toBe('ping in between');
    expect(await client!.answer()).toMatchObject({ i: '4', r: { ok: true } });
    client!.end();
  });

  it('refuses a missing or wrong token, a foreign Origin, no Origin and another Host', async () => {
    expect((await RawClient.open({ token: null })).status).toBe(401);
    expect((await RawClient.open({ token: 'A'.repeat(43) })).status).toBe(401);
    expect((await RawClient.open({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await RawClient.open({ origin: null })).status).toBe(403);
    const port = new URL(bridge.origin).port;
    expect((await RawClient.open({ host: `rebind.example:${port}` })).status).toBe(403);
  });

  it('closes the socket on an unmasked frame and on a message over the size limit', async () => {
    const a = (await RawClient.open()).client!;
    a.sendFrame(0x1, Buffer.from('{}'), { masked: false });
    const closeA = await a.next();
    expect(closeA.opcode).toBe(0x8);
    expect(closeA.payload.readUInt16BE(0)).toBe(1002);
    await a.closed;

    const b = (await RawClient.open()).client!;
    // Only the header: the declared length alone is refused before any body is buffered.
    const head = Buffer.alloc(14);
    head[0] = 0x81;
    head[1] = 0x80 | 127;
    head.writeBigUInt64BE(BigInt(MAX_BODY_BYTES + 1), 2);
    (b as unknown as { socket: Socket }).socket.write(head);
    const closeB = await b.next();
    expect(closeB.payload.readUInt16BE(0)).toBe(1009);
    await b.closed;

    // The bridge still takes calls afterwards.
    const c = (await RawClient.open()).client!;
    expect((await c.call(5, 'settings.get', {})).envelope).toMatchObject({ ok: true });
    c.end();
  });
});
