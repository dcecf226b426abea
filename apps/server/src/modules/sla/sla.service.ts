import {
  esAdmin,
  hoyEn,
  MENSAJES_SLA,
  LIMITES_SLA,
  SEMANA_POR_DEFECTO,
  ZONA_HORARIA_EMPRESA_POR_DEFECTO,
  type CalendarioHabil,
  type CalendarioHabilVista,
  type Feriado,
  type SemanaHabilContrato,
} from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import type { DbOrTx } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import type { FuenteFeriados } from './feriados-nacionales.js';
import { SlaRepository } from './sla.repository.js';

/**
 * The company's business calendar (issue 34, docs/SLA.md): its week and its holidays, the national
 * ones from the library with the company's changes on top. Every user of the company reads it;
 * administrators change it.
 */
export class SlaService {
  constructor(
    private readonly repo: SlaRepository,
    private readonly clock: Clock,
    private readonly nacionales: FuenteFeriados,
  ) {}

  /** This year and the next in the company's zone: the years the calendar shows and edits. */
  private anios(zona: string): [number, number] {
    const anio = Number(hoyEn(zona, this.clock.now().getTime()).slice(0, 4));
    return [anio, anio + 1];
  }

  async calendario(actor: Actor): Promise<CalendarioHabilVista> {
    const zona = ZONA_HORARIA_EMPRESA_POR_DEFECTO;
    const anios = this.anios(zona);
    const [semana, cambios] = await Promise.all([
      this.repo.semana(actor.entidadId),
      this.repo.cambios(actor.entidadId, `${anios[0]}-01-01`, `${anios[1]}-12-31`),
    ]);
    const porDia = new Map(cambios.map((c) => [c.dia, c]));
    const feriados: Feriado[] = anios.flatMap((a) =>
      this.nacionales.delAnio(a).map((f) => ({
        dia: f.dia,
        nombre: f.nombre,
        origen: 'nacional' as const,
        seTrabaja: porDia.get(f.dia)?.tipo === 'trabajado',
      })),
    );
    const nacionales = new Set(feriados.map((f) => f.dia));
    for (const c of cambios) {
      // A company holiday on a day that later became national shows once, as the national one.
      if (c.tipo === 'agregado' && !nacionales.has(c.dia)) {
        feriados.push({ dia: c.dia, nombre: c.nombre, origen: 'empresa', seTrabaja: false });
      }
    }
    feriados.sort((a, b) => a.dia.localeCompare(b.dia));
    return { zona, semana: semana ?? SEMANA_POR_DEFECTO, anios, feriados };
  }

  /**
   * The calendar the arithmetic takes, with the holidays of the given years, read through `db`
   * (the caller's transaction: PGlite has one connection).
   */
  async calendarioHabil(db: DbOrTx, entidadId: number, anios: readonly number[]): Promise<CalendarioHabil> {
    const repo = new SlaRepository(db);
    const desde = Math.min(...anios);
    const hasta = Math.max(...anios);
    const semana = await repo.semana(entidadId);
    const cambios = await repo.cambios(entidadId, `${desde}-01-01`, `${hasta}-12-31`);
    const trabajados = new Set(cambios.filter((c) => c.tipo === 'trabajado').map((c) => c.dia));
    const feriados = new Set<string>();
    for (const a of anios) for (const f of this.nacionales.delAnio(a)) if (!trabajados.has(f.dia)) feriados.add(f.dia);
    for (const c of cambios) if (c.tipo === 'agregado') feriados.add(c.dia);
    return { zona: ZONA_HORARIA_EMPRESA_POR_DEFECTO, semana: semana ?? SEMANA_POR_DEFECTO, feriados };
  }

  async guardarSemana(actor: Actor, semana: SemanaHabilContrato): Promise<CalendarioHabilVista> {
    exigirAdministrador(actor);
    await this.repo.guardarSemana(actor.entidadId, semana, this.clock.now());
    return this.calendario(actor);
  }

  /**
   * A holiday of the company's own; on a national holiday the company worked on, it takes it back
   * as a holiday. 409 when the day already is one.
   */
  async agregarFeriado(actor: Actor, f: { dia: string; nombre: string }): Promise<CalendarioHabilVista> {
    exigirAdministrador(actor);
    this.exigirDiaDelCalendario(f.dia);
    const nacional = this.nacional(f.dia);
    if (nacional) {
      if (!(await this.repo.borrar(actor.entidadId, f.dia, 'trabajado'))) throw duplicado();
    } else {
      if ((await this.repo.propios(actor.entidadId)) >= LIMITES_SLA.feriadosPropios) {
        throw new AppError('CONFLICTO', MENSAJES_SLA.demasiadosFeriados);
      }
      if (!(await this.repo.anotar(actor.entidadId, { dia: f.dia, tipo: 'agregado', nombre: f.nombre }))) {
        throw duplicado();
      }
    }
    return this.calendario(actor);
  }

  /** A company holiday is removed; a national one becomes a day the company works. 404 when the day is no holiday. */
  async quitarFeriado(actor: Actor, dia: string): Promise<CalendarioHabilVista> {
    exigirAdministrador(actor);
    const nacional = this.nacional(dia);
    const quitado = nacional
      ? await this.repo.anotar(actor.entidadId, { dia, tipo: 'trabajado', nombre: nacional.nombre })
      : await this.repo.borrar(actor.entidadId, dia, 'agregado');
    if (!quitado) throw AppError.notFound(MENSAJES_SLA.feriadoInexistente);
    return this.calendario(actor);
  }

  private nacional(dia: string) {
    return this.nacionales.delAnio(Number(dia.slice(0, 4))).find((f) => f.dia === dia) ?? null;
  }

  private exigirDiaDelCalendario(dia: string): void {
    const [desde, hasta] = this.anios(ZONA_HORARIA_EMPRESA_POR_DEFECTO);
    const anio = Number(dia.slice(0, 4));
    if (anio < desde || anio > hasta) throw AppError.invalid('dia', MENSAJES_SLA.fueraDelCalendario(desde, hasta));
  }
}

function exigirAdministrador(actor: Actor): void {
  if (!esAdmin(actor)) throw AppError.forbidden(MENSAJES_SLA.soloAdministradores);
}

function duplicado(): AppError {
  return new AppError('CONFLICTO', MENSAJES_SLA.feriadoDuplicado);
}
