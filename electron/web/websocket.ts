// The bridge's call socket. Browsers pay several milliseconds of request setup for every fetch,
// while a message on an open WebSocket costs a fraction of one, so calls travel this way once it
// is open. The protocol itself (framing, masking, fragments, UTF-8, ping/pong, close codes) is the
// `ws` library's: well kept, dependency-free, and far better tested than a hand-written parser.
// The bridge decides who may connect (token, Host, Origin) before anything here runs.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';

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

/** One server per message-size limit, without a listener of its own (the bridge owns the port). */
const servers = new Map<number, WebSocketServer>();
function serverFor(maxMessageBytes: number): WebSocketServer {
  let wss = servers.get(maxMessageBytes);
  if (!wss) {
    // No compression: answers are small, and deflate is a known memory and CPU sink.
    wss = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes, perMessageDeflate: false });
    servers.set(maxMessageBytes, wss);
  }
  return wss;
}

/** Completes the handshake and carries text messages; binary messages close the socket (1003). */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Socket,
  head: Buffer,
  maxMessageBytes: number,
  handlers: TextSocketHandlers,
): TextSocket {
  let ws: WebSocket | null = null;
  let closed = false;
  const pending: string[] = [];
  const gone = (): void => {
    if (closed) return;
    closed = true;
    handlers.onClose();
  };
  socket.setNoDelay(true);
  serverFor(maxMessageBytes).handleUpgrade(req, socket, head, (accepted) => {
    ws = accepted;
    accepted.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return accepted.close(1003, 'text only');
      handlers.onText(
        Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(toBuffers(data)).toString('utf8'),
      );
    });
    // Protocol errors (unmasked frames, oversized or invalid UTF-8 messages) close the socket with
    // the right code inside `ws`; the error event only needs to be observed.
    accepted.on('error', () => undefined);
    accepted.on('close', gone);
    for (const text of pending.splice(0)) accepted.send(text);
  });
  socket.once('close', gone);

  return {
    send: (text) => {
      if (closed) return;
      if (ws) {
        if (ws.readyState === ws.OPEN) ws.send(text);
      } else pending.push(text);
    },
    close: (code = 1000) => {
      if (ws) ws.close(code);
      else socket.destroy();
    },
    get open() {
      return !closed && ws !== null && ws.readyState === ws.OPEN;
    },
  };
}

function toBuffers(data: RawData): Buffer[] {
  if (Array.isArray(data)) return data;
  return [Buffer.from(data as ArrayBuffer)];
}
