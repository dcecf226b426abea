/**
 * The bench's floor (issue 18): a bare node:http server answering a small JSON, started by
 * bench/run.ts in its own process and measured in the same run as the server. What the box gives
 * a do-nothing Node server is the ceiling of every path; each path is reported as a share of it,
 * the figure to track on a shared, noisy machine.
 *   PISO_PORT: the port (8090 by default).
 */
import http from 'node:http';

const PORT = Number(process.env.PISO_PORT ?? 8090);
const CUERPO = JSON.stringify({ estado: 'ok' });
const LARGO = String(Buffer.byteLength(CUERPO));

const servidor = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': LARGO });
  res.end(CUERPO);
});

servidor.listen(PORT, '127.0.0.1', () => {
  // The parent waits for this line before measuring.
  process.stdout.write(`piso escuchando en ${PORT}\n`);
});

const terminar = () => servidor.close(() => process.exit(0));
process.on('SIGTERM', terminar);
process.on('SIGINT', terminar);
