import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { RUTAS, VIGENCIA_ACCESO_EXPORT_MS, diaDeMs, urlDe, type AccesoExport, type RangoDias } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';
import { ZONA } from './graficos.js';
import { estadisticaAcceso } from './statistics.tables.js';

export const MENSAJES_ACCESO = {
  invalido: 'El enlace de descarga no es válido. Vuelva a pedir la exportación desde Demoras.',
  vencido: 'El enlace de descarga venció. Vuelva a pedir la exportación desde Demoras.',
  usado: 'El enlace de descarga ya se usó. Vuelva a pedir la exportación desde Demoras.',
  otroRango: 'Las fechas no coinciden con las del enlace de descarga. Vuelva a pedir la exportación.',
} as const;

/** What a spent token lets download: the company's delay set of its range, optionally one type. */
export interface DescargaAutorizada {
  entidadId: number;
  rango: RangoDias;
  tipoId: number | null;
}

/**
 * The single-use token of the delay export (docs/ESTADISTICAS.md, «Exportación»): a random 256-bit
 * token valid 2 minutes, of which only the SHA-256 is stored, with what it may download.
 */
export class AccesosExport {
  constructor(private readonly db: DbOrTx) {}

  /** A new token for the actor's company, this range and type. */
  async create(
    a: { entidadId: number; usuarioId: number },
    rango: Pick<RangoDias, 'desdeMs' | 'hastaMs'>,
    tipoId: number | null,
    ahora: Date,
  ): Promise<AccesoExport> {
    const { token, hash } = crearToken();
    const expira = new Date(ahora.getTime() + VIGENCIA_ACCESO_EXPORT_MS);
    await this.db.insert(estadisticaAcceso).values({
      entidadId: a.entidadId,
      usuarioId: a.usuarioId,
      tokenHash: hash,
      fechaDesde: new Date(rango.desdeMs),
      fechaHasta: new Date(rango.hastaMs),
      tipoId,
      expira,
      creado: ahora,
    });
    // Spent and expired tokens are of no further use: they go as new ones arrive.
    await this.db
      .delete(estadisticaAcceso)
      .where(lt(estadisticaAcceso.expira, new Date(ahora.getTime() - 24 * 3_600_000)));
    return {
      access: token,
      expira: expira.getTime(),
      url: urlDe(RUTAS.exportDemora, undefined, {
        fechaDesde: rango.desdeMs,
        fechaHasta: rango.hastaMs,
        access: token,
      }),
    };
  }

  /**
   * Checks the token against the dates of the request and spends it: forged, expired, used and
   * another range are told apart; of two calls with one token, only one gets the download.
   */
  async spend(
    q: { fechaDesde?: number | undefined; fechaHasta?: number | undefined; access: string },
    ahora: Date,
  ): Promise<DescargaAutorizada> {
    const [fila] = await this.db
      .select()
      .from(estadisticaAcceso)
      .where(eq(estadisticaAcceso.tokenHash, hashDeToken(q.access)))
      .limit(1);
    if (!fila) throw new AppError('ENLACE_INVALIDO', MENSAJES_ACCESO.invalido);
    if (fila.usado) throw new AppError('ENLACE_USADO', MENSAJES_ACCESO.usado);
    if (fila.expira.getTime() <= ahora.getTime()) throw new AppError('ENLACE_VENCIDO', MENSAJES_ACCESO.vencido);
    const rango = {
      desde: diaDeMs(fila.fechaDesde.getTime(), ZONA),
      hasta: diaDeMs(fila.fechaHasta.getTime(), ZONA),
      desdeMs: fila.fechaDesde.getTime(),
      hastaMs: fila.fechaHasta.getTime(),
    };
    if (
      (q.fechaDesde != null && diaDeMs(q.fechaDesde, ZONA) !== rango.desde) ||
      (q.fechaHasta != null && diaDeMs(q.fechaHasta, ZONA) !== rango.hasta)
    ) {
      throw AppError.invalid('fechaDesde', MENSAJES_ACCESO.otroRango);
    }
    const gastado = await this.db
      .update(estadisticaAcceso)
      .set({ usado: ahora })
      .where(
        and(eq(estadisticaAcceso.id, fila.id), isNull(estadisticaAcceso.usado), gt(estadisticaAcceso.expira, ahora)),
      )
      .returning({ id: estadisticaAcceso.id });
    if (gastado.length !== 1) throw new AppError('ENLACE_USADO', MENSAJES_ACCESO.usado);
    return { entidadId: fila.entidadId, rango, tipoId: fila.tipoId };
  }
}
