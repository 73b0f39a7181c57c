// The least of RFC 6455 the bridge needs: the handshake, text messages (fragmented or not), ping,
// pong and close. Browsers pay several milliseconds of request setup for every fetch, while a
// message on an open WebSocket costs a fraction of one: calls travel this way once it is open.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface TextSocket {
  send(text: string): void;
  close(code?: number): void;
  readonly open: boolean;
}

export interface TextSocketHandlers {
  onText(text: string): void;
  onClose(): void;
}

/** Answers an upgrade request that is not accepted, then drops the connection. */
export function refuseUpgrade(socket: Socket, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** A valid client handshake has a key, version 13 and asks for websocket. */
export function isWebSocketHandshake(req: IncomingMessage): boolean {
  return (
    (req.headers.upgrade ?? '').toLowerCase() === 'websocket' &&
    req.headers['sec-websocket-version'] === '13' &&
    typeof req.headers['sec-websocket-key'] === 'string'
  );
}

function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  let head: Buffer;
  if (len < 126) head = Buffer.from([0x80 | opcode, len]);
  else if (len < 65_536) {
    head = Buffer.alloc(4);
    head[0] = 0x80 | opcode;
    head[1] = 126;
    head.writeUInt16BE(len, 2);
  } else {
    head = Buffer.alloc(10);
    head[0] = 0x80 | opcode;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  return Buffer.concat([head, payload]);
}

/**
 * Completes the handshake on `socket` and reads client frames. A message larger than
 * `maxMessageBytes`, an unmasked client frame or a binary message closes the socket (1009/1002/1003).
 */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Socket,
  head: Buffer,
  maxMessageBytes: number,
  handlers: TextSocketHandlers,
): TextSocket {
  const accept = createHash('sha1')
    .update(`${req.headers['sec-websocket-key'] as string}${GUID}`)
    .digest('base64');
  socket.setNoDelay(true);
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );

  let open = true;
  let buffered: Buffer = head.length ? Buffer.from(head) : Buffer.alloc(0);
  let parts: Buffer[] = [];
  let partsBytes = 0;

  const close = (code = 1000): void => {
    if (!open) return;
    open = false;
    const body = Buffer.alloc(2);
    body.writeUInt16BE(code, 0);
    socket.end(frame(0x8, body));
    // A peer that never answers the close must not keep the bridge from shutting down.
    setTimeout(() => socket.destroy(), 1000).unref();
  };

  const parse = (): void => {
    while (open) {
      if (buffered.length < 2) return;
      const b0 = buffered[0]!;
      const b1 = buffered[1]!;
      const fin = (b0 & 0x80) !== 0;
      const opcode = b0 & 0x0f;
      if ((b1 & 0x80) === 0) return close(1002); // clients must mask
      let len = b1 & 0x7f;
      let offset = 2;
      if (len === 126) {
        if (buffered.length < 4) return;
        len = buffered.readUInt16BE(2);
        offset = 4;
      } else if (len === 127) {
        if (buffered.length < 10) return;
        const big = buffered.readBigUInt64BE(2);
        if (big > BigInt(maxMessageBytes)) return close(1009);
        len = Number(big);
        offset = 10;
      }
      if (len > maxMessageBytes || partsBytes + len > maxMessageBytes) return close(1009);
      if (buffered.length < offset + 4 + len) return;
      const mask = buffered.subarray(offset, offset + 4);
      const payload = Buffer.from(buffered.subarray(offset + 4, offset + 4 + len));
      for (let i = 0; i < payload.length; i++) payload[i] = payload[i]! ^ mask[i & 3]!;
      buffered = buffered.subarray(offset + 4 + len);

      if (opcode === 0x8) return close(1000);
      if (opcode === 0x9) {
        socket.write(frame(0xa, payload));
        continue;
      }
      if (opcode === 0xa) continue;
      if (opcode === 0x2) return close(1003); // text only
      if (opcode === 0x1 || opcode === 0x0) {
        if (opcode === 0x1 && parts.length) return close(1002);
        if (opcode === 0x0 && !parts.length) return close(1002);
        parts.push(payload);
        partsBytes += payload.length;
        if (!fin) continue;
        const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts)).toString('utf8');
        parts = [];
        partsBytes = 0;
        handlers.onText(text);
        continue;
      }
      return close(1002);
    }
  };

  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    parse();
  });
  let closed = false;
  const gone = (): void => {
    open = false;
    if (closed) return;
    closed = true;
    handlers.onClose();
  };
  socket.on('close', gone);
  socket.on('error', () => socket.destroy());
  if (buffered.length) queueMicrotask(parse);

  return {
    send: (text) => {
      if (open) socket.write(frame(0x1, Buffer.from(text, 'utf8')));
    },
    close,
    get open() {
      return open;
    },
  };
}
