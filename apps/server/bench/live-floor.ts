/**
 * The live bench's floor: a bare node:http + ws server that speaks just enough STOMP for the
 * bench's clients (CONNECTED, RECEIPT) and, on POST /alta, writes one MESSAGE to every
 * subscriber in a plain loop: the frame built once per subscription id, no database, no
 * authentication, no limits. The same clients measure it in the same run, so Delego's figure can
 * be read as a share of what this machine allows at the moment.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const subs: { ws: WebSocket; id: string }[] = [];
let seq = 0;

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/alta') {
    seq += 1;
    const id = seq;
    res.end(JSON.stringify({ id }));
    const body = JSON.stringify({ tipo: 'orden.creada', ordenId: id });
    const tail = `\nmessage-id:${id}\ndestination:/entidad/0\ncontent-type:application/json\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    const frames = new Map<string, Buffer>();
    for (const s of subs) {
      let frame = frames.get(s.id);
      if (!frame) frames.set(s.id, (frame = Buffer.from(`MESSAGE\nsubscription:${s.id}${tail}`)));
      s.ws.send(frame, { binary: false });
    }
    return;
  }
  res.end('{}');
});

const wss = new WebSocketServer({ server, perMessageDeflate: false, clientTracking: false });
wss.on('connection', (ws) => {
  ws.on('message', (data: Buffer) => {
    const s = data.toString();
    if (s.startsWith('CONNECT')) ws.send('CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0');
    else if (s.startsWith('SUBSCRIBE')) {
      subs.push({ ws, id: /\nid:([^\n]*)/.exec(s)?.[1] ?? '' });
      ws.send('RECEIPT\nreceipt-id:r\n\n\0');
    }
  });
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
