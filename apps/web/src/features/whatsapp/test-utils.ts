import {
  CANALES_POR_OMISION,
  plantillasWhatsapp,
  textoDePlantilla,
  type CanalesUsuario,
  type MensajeWhatsapp,
  type PlantillasWhatsapp,
  type WhatsappCliente,
} from '@delego/contract';

/** 12/11/2026 10:00 in Buenos Aires (UTC−3), the company's zone. */
export const EL_12_DE_NOVIEMBRE = Date.UTC(2026, 10, 12, 13, 0);

/** A user who never chose: the defaults, no number, no consent, in test mode. */
export function makeCanales(parcial: Partial<CanalesUsuario> = {}): CanalesUsuario {
  return { numero: null, optIn: null, eventos: CANALES_POR_OMISION, modo: 'prueba', ...parcial };
}

/** Client 3, without number or consent. */
export function makeWhatsappCliente(parcial: Partial<WhatsappCliente> = {}): WhatsappCliente {
  return { clienteId: 3, numero: null, optIn: null, optOut: null, ...parcial };
}

/** The six templates as the server lists them (in test mode). */
export function makePlantillas(parcial: Partial<PlantillasWhatsapp> = {}): PlantillasWhatsapp {
  return { ...plantillasWhatsapp('prueba'), ...parcial };
}

/** «Orden creada» to the client of order 42, delivered then read. */
export function makeMensajeWhatsapp(parcial: Partial<MensajeWhatsapp> = {}): MensajeWhatsapp {
  const creado = EL_12_DE_NOVIEMBRE;
  return {
    id: 1,
    ordenId: 42,
    evento: 'ORDEN_CREADA',
    destinatario: { tipo: 'cliente', nombre: 'Clínica San Martín' },
    numero: '+5491 ••• 5678',
    texto: textoDePlantilla('ORDEN_CREADA', [
      'Clínica San Martín',
      '12',
      'Bomba de agua',
      'https://delego.example/o/k',
    ]),
    creado,
    estado: 'leido',
    estados: [
      { estado: 'enviado', fecha: creado + 1_000 },
      { estado: 'entregado', fecha: creado + 60_000 },
      { estado: 'leido', fecha: creado + 5 * 60_000 },
    ],
    ...parcial,
  };
}
