/**
 * STOMP 1.2 frames: parsing of what clients send and serialising of what the server sends.
 * https://stomp.github.io/stomp-specification-1.2.html
 */

export interface Frame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

export class StompProtocolError extends Error {
  override readonly name = 'StompProtocolError';
}

const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);

function unescapeHeader(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => {
    switch (c) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'c':
        return ':';
      case '\\':
        return '\\';
      default:
        throw new StompProtocolError(`Secuencia de escape inválida en un encabezado: \\${c}`);
    }
  });
}

export function escapeHeaderValue(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/:/g, '\\c');
}

/**
 * Incremental parser for one connection: frames may arrive split across or packed into
 * WebSocket messages. Heart-beats (bare end-of-lines between frames) are counted, not returned.
 */
export class StompParser {
  private buf = '';

  constructor(private readonly maxFrameBytes: number) {}

  push(chunk: string): Frame[] {
    this.buf += chunk;
    const frames: Frame[] = [];
    for (;;) {
      // Skip heart-beats / EOLs between frames.
      let i = 0;
      while (i < this.buf.length && (this.buf[i] === '\n' || this.buf[i] === '\r')) i++;
      if (i) this.buf = this.buf.slice(i);
      if (!this.buf.length) break;
      const frame = this.tryParseOne();
      if (!frame) {
        if (Buffer.byteLength(this.buf) > this.maxFrameBytes) {
          throw new StompProtocolError(`El frame supera el máximo de ${this.maxFrameBytes} bytes.`);
        }
        break;
      }
      frames.push(frame);
    }
    return frames;
  }

  private tryParseOne(): Frame | null {
    const headEnd = this.findHeadEnd();
    if (headEnd === null) {
      if (!this.buf.includes('\n') && this.buf.length > 64) throw new StompProtocolError('Frame STOMP mal formado.');
      return null;
    }
    const head = this.buf.slice(0, headEnd.index).replace(/\r\n/g, '\n');
    const lines = head.split('\n');
    const command = lines.shift() ?? '';
    if (!CLIENT_COMMANDS.has(command))
      throw new StompProtocolError(`Comando STOMP desconocido: ${command.slice(0, 20)}`);
    const raw = command === 'CONNECT' || command === 'STOMP';
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('Encabezado STOMP mal formado.');
      const k = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
      const v = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
      if (!(k in headers)) headers[k] = v; // STOMP 1.2: the first occurrence wins.
    }
    const bodyStart = headEnd.index + headEnd.length;
    let bodyEnd: number;
    const cl = headers['content-length'];
    if (cl !== undefined) {
      if (!/^\d{1,9}$/.test(cl)) throw new StompProtocolError('content-length inválido.');
      const bytes = Number(cl);
      if (bytes > this.maxFrameBytes)
        throw new StompProtocolError(`El frame supera el máximo de ${this.maxFrameBytes} bytes.`);
      // content-length counts bytes; walk characters until that many bytes are covered.
      let acc = 0;
      let j = bodyStart;
      while (acc < bytes && j < this.buf.length) {
        const cp = this.buf.codePointAt(j) ?? 0;
        acc += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        j += cp >= 0x10000 ? 2 : 1;
      }
      if (acc < bytes || j >= this.buf.length) return null;
      if (this.buf[j] !== '\0') throw new StompProtocolError('Falta el NUL al final del frame.');
      bodyEnd = j;
    } else {
      const nul = this.buf.indexOf('\0', bodyStart);
      if (nul < 0) return null;
      bodyEnd = nul;
    }
    const body = this.buf.slice(bodyStart, bodyEnd);
    if (Buffer.byteLength(body) + headEnd.index > this.maxFrameBytes) {
      throw new StompProtocolError(`El frame supera el máximo de ${this.maxFrameBytes} bytes.`);
    }
    this.buf = this.buf.slice(bodyEnd + 1);
    return { command, headers, body };
  }

  private findHeadEnd(): { index: number; length: number } | null {
    const a = this.buf.indexOf('\n\n');
    const b = this.buf.indexOf('\r\n\r\n');
    const c = this.buf.indexOf('\n\r\n');
    const found = [
      a >= 0 ? { index: a, length: 2 } : null,
      b >= 0 ? { index: b, length: 4 } : null,
      c >= 0 ? { index: c, length: 3 } : null,
    ].filter((x): x is { index: number; length: number } => x !== null);
    if (!found.length) return null;
    return found.reduce((m, x) => (x.index < m.index ? x : m));
  }
}

/** Serialises a server frame (CONNECTED, MESSAGE, RECEIPT, ERROR). */
export function serializeFrame(command: string, headers: Record<string, string | number>, body = ''): string {
  const raw = command === 'CONNECTED';
  let out = `${command}\n`;
  for (const [k, v] of Object.entries(headers)) {
    out += raw ? `${k}:${v}\n` : `${escapeHeaderValue(k)}:${escapeHeaderValue(String(v))}\n`;
  }
  if (body) out += `content-length:${Buffer.byteLength(body)}\n`;
  return `${out}\n${body}\0`;
}

/** How many distinct subscription ids one message keeps its bytes for (see MessageFrame). */
const FRAMES_KEPT_PER_MESSAGE = 64;

/**
 * The bytes of one MESSAGE, built once for all its receivers. STOMP 1.2 makes every MESSAGE
 * carry the `subscription` header of the receiver's SUBSCRIBE, so the bytes depend on that id
 * alone. Clients number their subscriptions the same way (@stomp/stompjs: `sub-0`, `sub-1`…),
 * so a handful of ids covers thousands of sockets: each id's frame is built once and every socket
 * with that id is written the very same Buffer. Everything after the subscription header (the
 * JSON body included) is serialised once, whatever the ids.
 */
export class MessageFrame {
  private readonly tail: Buffer;
  private readonly byId = new Map<string, Buffer>();

  constructor(headers: Record<string, string>, body: string) {
    // serializeFrame puts `MESSAGE\n` first: the rest is the tail shared by every receiver.
    this.tail = Buffer.from(serializeFrame('MESSAGE', headers, body).slice('MESSAGE'.length));
  }

  /** The frame for a receiver that subscribed with `id`; the same Buffer for the same id. */
  for(id: string): Buffer {
    let frame = this.byId.get(id);
    if (frame) return frame;
    const head = `MESSAGE\nsubscription:${escapeHeaderValue(id)}`;
    frame = Buffer.allocUnsafe(Buffer.byteLength(head) + this.tail.length);
    this.tail.copy(frame, frame.write(head));
    // Ids unique to one socket would only fill the map: past a few, the frame is not kept.
    if (this.byId.size < FRAMES_KEPT_PER_MESSAGE) this.byId.set(id, frame);
    return frame;
  }
}

/**
 * Heart-beat negotiation (STOMP 1.2 §Heart-beating): the client offers `cx,cy`; the server
 * can send every `sx` and wants to receive every `sy`. Returns the intervals in ms (0 = off).
 */
export function negotiateHeartbeat(
  clientHeader: string | undefined,
  server: { sendMs: number; receiveMs: number },
): { outgoingMs: number; incomingMs: number } {
  const [cx, cy] = (clientHeader ?? '0,0').split(',').map((x) => Number.parseInt(x, 10) || 0) as [number, number];
  const outgoingMs = server.sendMs === 0 || cy === 0 ? 0 : Math.max(server.sendMs, cy);
  const incomingMs = server.receiveMs === 0 || cx === 0 ? 0 : Math.max(server.receiveMs, cx);
  return { outgoingMs, incomingMs };
}
