import { ESTADO, fueraDeLimites, respuestaHecha, type ItemDefinido } from '@delego/contract';
import type { DbOrTx } from '../kernel/db/client.js';
import { ChecklistsRepository, type RespuestaGuardada } from '../modules/checklists/checklists.repository.js';
import { checklistItems, checklistOrdenes } from '../modules/checklists/checklists.tables.js';
import { valorEnHistorial } from '../modules/checklists/checklists.service.js';
import { ordenEventos } from '../modules/orders/orders.tables.js';
import type { DemoDeEmpresa } from './actividad-demo.js';
import { inicioDeMes } from './factories.js';
import { rng } from './historial.js';

const MIN = 60_000;

const item = (
  seccion: string,
  etiqueta: string,
  tipo: ItemDefinido['tipo'],
  o: Partial<Pick<ItemDefinido, 'requerido' | 'publico' | 'unidad' | 'min' | 'max'>> = {},
): ItemDefinido => ({
  seccion,
  etiqueta,
  tipo,
  requerido: o.requerido ?? false,
  publico: o.publico ?? false,
  unidad: o.unidad ?? null,
  min: o.min ?? null,
  max: o.max ?? null,
});

/** The «Preventivo» type's checklist: what any preventive visit checks, whatever the equipment. */
const PREVENTIVO: ItemDefinido[] = [
  item('Seguridad', 'Cortar la energía y señalizar la zona de trabajo', 'tick', { requerido: true }),
  item('Seguridad', 'Elementos de protección personal colocados', 'tick', { requerido: true }),
  item('Revisión', 'Estado general del equipo', 'pasa_falla', { requerido: true, publico: true }),
  item('Revisión', 'Limpieza de filtros y ajuste de componentes', 'tick', { requerido: true, publico: true }),
  item('Revisión', 'Consumo eléctrico en marcha', 'numero', { unidad: 'A', min: 1, max: 25 }),
  item('Cierre', 'Prueba de funcionamiento con el cliente', 'pasa_falla', { requerido: true, publico: true }),
  item('Cierre', 'Observaciones para el cliente', 'texto', { publico: true }),
];

/** The «Inspección» type's checklist: a safety inspection of the premises. */
const INSPECCION: ItemDefinido[] = [
  item('Incendio', 'Matafuegos con carga y vencimiento vigentes', 'pasa_falla', { requerido: true, publico: true }),
  item('Incendio', 'Matafuegos revisados', 'numero', { unidad: 'u.', min: 1 }),
  item('Evacuación', 'Luces de emergencia funcionando', 'pasa_falla', { requerido: true, publico: true }),
  item('Evacuación', 'Salidas de emergencia despejadas y señalizadas', 'pasa_falla', {
    requerido: true,
    publico: true,
  }),
  item('Electricidad', 'Tablero con tapa, disyuntor y puesta a tierra', 'pasa_falla', { publico: true }),
  item('Cierre', 'Observaciones', 'texto'),
];

const OBSERVACIONES = [
  'Equipo funcionando correctamente. Se recomienda repetir la limpieza en 90 días.',
  'Se ajustaron borneras y se limpió el drenaje. Sin novedades.',
  'Funciona bien; el filtro está gastado y conviene cambiarlo en la próxima visita.',
  'Todo en orden.',
] as const;
const NOTAS_FALLA = [
  'El capacitor está hinchado: pedimos el repuesto.',
  'Dos luces de emergencia sin batería; quedan anotadas para cambiar.',
  'Un matafuegos vencido en el depósito; se avisó al encargado.',
] as const;

/**
 * Checklists (docs/CHECKLISTS.md): templates for the «Preventivo» and «Inspección» types, saved two
 * months ago by an administrator, and on every order of those types created since then the copy
 * the module makes: answered in full on finished orders (a few items failed, with a note), in part
 * on the ones being worked, untouched on pending or cancelled ones. Each answer is a `CHECKLIST`
 * event of the order's history, by whoever answered it, while they worked. The orders of those
 * types from before the templates get no checklist, as the module would leave them.
 */
export async function makeChecklistsDemo(
  db: DbOrTx,
  o: DemoDeEmpresa & {
    admin: number;
    preventivo: number;
    inspeccion: number;
    seed: number;
  },
): Promise<void> {
  const r = rng(o.seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)] as T;
  const repo = new ChecklistsRepository(db);
  const creada = inicioDeMes(o.now, -2);
  const plantillas = new Map<number, { id: number; version: number; items: ItemDefinido[] }>();
  for (const [tipo, items] of [
    [o.preventivo, PREVENTIVO],
    [o.inspeccion, INSPECCION],
  ] as const) {
    await repo.insertarPlantilla(o.entidadId, tipo, o.admin, items, creada);
    const p = await repo.plantilla(o.entidadId, tipo);
    plantillas.set(tipo, { id: p!.id, version: p!.version, items });
  }
  // Every checklist in three statements (its rows, its items with their answers, their events):
  // what the module writes one answer at a time, written at once.
  const cabeceras: (typeof checklistOrdenes.$inferInsert)[] = [];
  const items: (typeof checklistItems.$inferInsert)[] = [];
  const eventos: { item: number; evento: typeof ordenEventos.$inferInsert }[] = [];
  const limite = o.now.getTime() - 20 * MIN;
  for (const ord of o.ordenes) {
    const p = ord.tipoOrdenId == null ? undefined : plantillas.get(ord.tipoOrdenId);
    if (!p || ord.creada < creada) continue;
    const finalizada = ord.estadoId === ESTADO.FINALIZADA && ord.finalizada;
    const enCurso = ord.estadoId === ESTADO.EN_PROCESO || ord.estadoId === ESTADO.EN_ESPERA;
    const quien = ord.responsables[0];
    const responde = Boolean(ord.empezada && quien && (finalizada || enCurso));
    // Answered in the order of the list, from the start of the work to its end (or now).
    const desde = (ord.empezada?.getTime() ?? 0) + 10 * MIN;
    const hasta = finalizada ? ord.finalizada!.getTime() - 5 * MIN : limite;
    const cuantos = !responde ? 0 : finalizada ? p.items.length : 1 + Math.floor(r() * (p.items.length - 2));
    let hechos = 0;
    for (const [k, def] of p.items.entries()) {
      const fila: typeof checklistItems.$inferInsert = {
        ...def,
        entidadId: o.entidadId,
        ordenId: ord.id,
        posicion: k + 1,
        adHoc: false,
      };
      items.push(fila);
      if (k >= cuantos) continue;
      const en = new Date(desde + Math.floor(((k + 1) / (cuantos + 1)) * Math.max(0, hasta - desde)));
      const falla = def.tipo === 'pasa_falla' && r() < 0.08;
      const respuesta: RespuestaGuardada = {
        marcado: def.tipo === 'tick' ? true : null,
        resultado: def.tipo === 'pasa_falla' ? (falla ? 'falla' : !def.requerido && r() < 0.2 ? 'na' : 'pasa') : null,
        numero:
          def.tipo === 'numero'
            ? def.unidad === 'A'
              ? Math.round((3 + r() * 14) * 10) / 10
              : 2 + Math.floor(r() * 9)
            : null,
        texto: def.tipo === 'texto' ? pick(OBSERVACIONES) : null,
        fotos: [],
        firmante: null,
        nota: falla ? pick(NOTAS_FALLA) : null,
      };
      const fallido = falla || (respuesta.numero !== null && fueraDeLimites(respuesta.numero, def));
      const hecho = respuestaHecha(def.tipo, { ...respuesta, por: { id: quien!, nombre: '' }, en: 0 });
      if (hecho) hechos++;
      Object.assign(fila, { respuesta, hecho, fallido, respondidoPor: quien, respondidoEn: en });
      eventos.push({
        item: items.length - 1,
        evento: {
          entidadId: o.entidadId,
          ordenId: ord.id,
          tipo: 'CHECKLIST',
          usuarioId: quien!,
          fecha: en,
          comentario: respuesta.nota,
          datos: {
            accion: 'respondio',
            etiqueta: def.etiqueta,
            valor: valorEnHistorial(def, respuesta, fallido),
            fallido,
          },
        },
      });
    }
    cabeceras.push({
      ordenId: ord.id,
      entidadId: o.entidadId,
      tipoOrdenId: ord.tipoOrdenId,
      plantillaId: p.id,
      version: p.version,
      hechos,
      total: p.items.length,
    });
  }
  if (!cabeceras.length) return;
  await db.insert(checklistOrdenes).values(cabeceras);
  const ids: number[] = [];
  for (let i = 0; i < items.length; i += 1000) {
    const filas = await db
      .insert(checklistItems)
      .values(items.slice(i, i + 1000))
      .returning({ id: checklistItems.id });
    ids.push(...filas.map((f) => f.id));
  }
  const conItem = eventos.map(({ item, evento }) => ({
    ...evento,
    datos: { accion: 'respondio', itemId: ids[item]!, ...evento.datos },
  }));
  for (let i = 0; i < conItem.length; i += 1000) await db.insert(ordenEventos).values(conItem.slice(i, i + 1000));
}
