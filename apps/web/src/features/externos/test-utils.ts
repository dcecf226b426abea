import type { EnlaceExterno, EnlacesExternosOrden } from '@delego/contract';

/** 12/11/2026 10:00 in Buenos Aires (UTC−3), the company's zone. */
export const EL_12_DE_NOVIEMBRE = Date.UTC(2026, 10, 12, 13, 0);
export const DIA = 24 * 3_600_000;

/** A 43-character token, as the server makes them. */
export const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';

/** An active link of order 42 to Juan Gómez, by email and WhatsApp, mailed, not answered yet. */
export function makeEnlaceExterno(parcial: Partial<EnlaceExterno> = {}): EnlaceExterno {
  return {
    id: 7,
    ordenId: 42,
    nombre: 'Juan Gómez',
    email: 'juan@ejemplo.com',
    whatsapp: '+5491123456789',
    respuesta: 'pendiente',
    motivo: null,
    creado: EL_12_DE_NOVIEMBRE,
    creadoPor: 'Ana Pérez',
    respondido: null,
    revocado: null,
    revocadoPor: null,
    vence: null,
    activo: true,
    url: `https://delego.example/externo/${TOKEN}`,
    compartirWhatsapp: `https://wa.me/5491123456789?text=${encodeURIComponent(`https://delego.example/externo/${TOKEN}`)}`,
    correoEnviado: true,
    ...parcial,
  };
}

/** A link that no longer opens the order: no URL, nothing to share. */
export function makeEnlaceInactivo(parcial: Partial<EnlaceExterno> = {}): EnlaceExterno {
  return makeEnlaceExterno({ activo: false, url: null, compartirWhatsapp: null, ...parcial });
}

export function makeEnlacesOrden(
  enlaces: EnlaceExterno[] = [],
  parcial: Partial<EnlacesExternosOrden> = {},
): EnlacesExternosOrden {
  return { enlaces, puedeEntregar: true, ...parcial };
}
