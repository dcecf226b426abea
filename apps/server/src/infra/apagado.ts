import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { EstadoInstancia } from '../kernel/estado-instancia.js';

/** While requests drain, connections that went idle are closed this often (a keep-alive one would wait). */
const CERRAR_OCIOSAS_CADA_MS = 100;
/** After the bound, what is still open is cut; if closing still hangs this much later, exit 1. */
const GRACIA_FINAL_MS = 5_000;

/**
 * The orderly stop on SIGTERM or SIGINT (docs/DESPLIEGUE.md, "Reinicios ordenados"):
 * 1. readiness answers 503 (the balancer's health check takes the instance out);
 * 2. after SHUTDOWN_DELAY_MS, no new connection is accepted; live clients get an ERROR frame and a
 *    1012 close (modules/live) and reconnect elsewhere; requests in flight finish, for at most
 *    SHUTDOWN_TIMEOUT_MS, then what is left is cut;
 * 3. the modules stop (the mail worker after the mail it is sending), the bus, the database;
 * 4. exit 0 (1 if closing failed). A second signal exits at once with 1.
 */
export function detenerConOrden(
  app: FastifyInstance,
  estado: EstadoInstancia,
  config: Pick<Config, 'shutdownDelayMs' | 'shutdownTimeoutMs'>,
  salir: (codigo: number) => void = (codigo) => process.exit(codigo),
): void {
  let deteniendo = false;
  const detener = async (signal: string) => {
    if (deteniendo) {
      app.log.warn({ signal }, 'servidor.salidaForzada');
      salir(1);
      return;
    }
    deteniendo = true;
    estado.drenar();
    app.log.info(
      { signal, demoraMs: config.shutdownDelayMs, plazoMs: config.shutdownTimeoutMs },
      'servidor.deteniendo',
    );
    if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
    const ociosas = setInterval(() => app.server.closeIdleConnections(), CERRAR_OCIOSAS_CADA_MS);
    const plazo = setTimeout(() => {
      app.log.warn({ plazoMs: config.shutdownTimeoutMs }, 'servidor.plazoVencido');
      app.server.closeAllConnections();
      setTimeout(() => salir(1), GRACIA_FINAL_MS).unref();
    }, config.shutdownTimeoutMs);
    try {
      await app.close();
      salir(0);
    } catch (err) {
      app.log.error({ err }, 'servidor.cierreFallo');
      salir(1);
    } finally {
      clearInterval(ociosas);
      clearTimeout(plazo);
    }
  };
  process.on('SIGINT', () => void detener('SIGINT'));
  process.on('SIGTERM', () => void detener('SIGTERM'));
}
