import {
  SEMANA_POR_DEFECTO,
  type CalendarioHabilVista,
  type EnvioInformeSla,
  type Feriado,
  type InformeSla,
  type Politica,
} from '@delego/contract';

/** A national holiday of 2026 the company does not work on. */
export function makeFeriado(parcial: Partial<Feriado> = {}): Feriado {
  return {
    dia: '2026-05-25',
    nombre: 'Día de la Revolución de Mayo',
    origen: 'nacional',
    seTrabaja: false,
    ...parcial,
  };
}

/** The calendar of a company with the default week (Monday to Friday, 9 to 18) and one holiday. */
export function makeCalendario(parcial: Partial<CalendarioHabilVista> = {}): CalendarioHabilVista {
  return {
    zona: 'America/Argentina/Buenos_Aires',
    semana: SEMANA_POR_DEFECTO,
    anios: [2026, 2027],
    feriados: [makeFeriado()],
    ...parcial,
  };
}

/** A policy of the whole company: respond in 4 business hours, resolve in 2 business days, «En espera» paused. */
export function makePolitica(parcial: Partial<Politica> = {}): Politica {
  return {
    id: 1,
    nombre: 'Estándar',
    cliente: null,
    tipoOrden: null,
    prioridad: null,
    respuesta: { cantidad: 4, unidad: 'horas' },
    resolucion: { cantidad: 2, unidad: 'dias' },
    pausaEnEspera: true,
    vigenteDesde: new Date('2026-03-01T12:00:00Z').getTime(),
    ...parcial,
  };
}

/** November 2026's report of a client: one order met, one broken; instants of Buenos Aires. */
export function makeInformeSla(parcial: Partial<InformeSla> = {}): InformeSla {
  const t = (iso: string) => new Date(`${iso}-03:00`).getTime();
  return {
    entidad: { nombre: 'Demo Servicios' },
    cliente: { id: 3, nombre: 'Clínica San Martín' },
    mes: '2026-11',
    desde: t('2026-11-01T00:00:00'),
    hasta: t('2026-12-01T00:00:00') - 1,
    ordenes: 2,
    respuesta: { cumplidas: 1, incumplidas: 1, enCurso: 0 },
    resolucion: { cumplidas: 1, incumplidas: 0, enCurso: 1 },
    lista: [
      {
        numero: 41,
        titulo: 'Caldera',
        creada: t('2026-11-03T09:00:00'),
        respuesta: { vence: t('2026-11-03T11:00:00'), cumplidaEn: t('2026-11-03T10:00:00'), resultado: 'cumplida' },
        resolucion: { vence: t('2026-11-03T17:00:00'), cumplidaEn: t('2026-11-03T12:00:00'), resultado: 'cumplida' },
      },
      {
        numero: 42,
        titulo: 'Bomba',
        creada: t('2026-11-04T09:00:00'),
        respuesta: { vence: t('2026-11-04T11:00:00'), cumplidaEn: null, resultado: 'incumplida' },
        resolucion: null,
      },
    ],
    omitidas: 0,
    generado: t('2026-12-01T10:00:00'),
    ...parcial,
  };
}

/** A client's monthly send, off and never sent. */
export function makeEnvioInforme(parcial: Partial<EnvioInformeSla> = {}): EnvioInformeSla {
  return {
    clienteId: 3,
    activo: false,
    email: null,
    emailCliente: 'compras@clinica.example.com',
    ultimoMes: null,
    ultimoEnvio: null,
    ...parcial,
  };
}
