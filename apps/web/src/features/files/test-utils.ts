import type { Archivo, OrdenDetalle } from '@delego/contract';
import { vi } from 'vitest';
import { CARLA, DIEGO, makeOrdenDetalle } from '../../test/ordenes';

/** Test data and browser fakes for the paperwork features (files, expenses, reports); the server is `test/servidor`. */

let siguiente = 500;

export { CARLA, DIEGO };

export function makeArchivo(parcial: Partial<Archivo> = {}): Archivo {
  const id = parcial.id ?? siguiente++;
  const ordenId = 42;
  const esImagen = parcial.esImagen ?? true;
  return {
    id,
    nombre: esImagen ? `foto-${id}.jpg` : `informe-${id}.pdf`,
    tipo: esImagen ? 'image/jpeg' : 'application/pdf',
    tamanio: 250 * 1024,
    usuario: { id: DIEGO.id, nombre: DIEGO.nombre, apellido: DIEGO.apellido },
    fecha: Date.UTC(2026, 4, 12, 17, 30), // 12/05/2026 14:30 in Argentina (the company's zone)
    esImagen,
    miniatura: esImagen ? `/api/v2/archivos/${ordenId}/miniatura/${id}` : null,
    url: `/api/v2/archivos/${ordenId}/descargar/${id}`,
    puedeEliminar: true,
    ...parcial,
  };
}

/** Order 42 as the paperwork screens (files, hours and expenses, reports) open it. */
export function makeOrden(parcial: Partial<OrdenDetalle> = {}): OrdenDetalle {
  return makeOrdenDetalle({
    id: 42,
    numero: 42,
    titulo: 'Cambio de bomba',
    estado: { id: 2, nombre: 'En proceso', color: 'primary' },
    prioridad: null,
    creada: new Date(2026, 4, 1, 9, 0).getTime(),
    actualizada: new Date(2026, 4, 1, 9, 0).getTime(),
    detalle: '',
    ...parcial,
  });
}

/** URL.createObjectURL and revokeObjectURL (jsdom has neither); returns the mocks. */
export function simularObjectUrl() {
  let n = 0;
  const crear = vi.fn((_blob: Blob) => `blob:prueba/${++n}`);
  const revocar = vi.fn((_url: string) => undefined);
  Object.defineProperty(URL, 'createObjectURL', { value: crear, configurable: true, writable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: revocar, configurable: true, writable: true });
  return { crear, revocar };
}

/** One multipart upload as the fake XMLHttpRequest saw it. */
export interface Envio {
  metodo: string;
  url: string;
  headers: Record<string, string>;
  cuerpo: FormData;
  /** Reports upload progress (bytes sent of total). */
  progresar: (enviados: number, total: number) => void;
  /** Answers it. */
  responder: (status: number, cuerpo: unknown) => void;
}

/**
 * Replaces XMLHttpRequest (the uploads use it for their progress) with a fake whose requests wait
 * until the test answers them. Returns the requests made.
 */
export function simularSubidas(): Envio[] {
  const envios: Envio[] = [];
  class XhrFalso extends EventTarget {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    private metodo = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(metodo: string, url: string) {
      this.metodo = metodo;
      this.url = url;
    }
    setRequestHeader(clave: string, valor: string) {
      this.headers[clave.toLowerCase()] = valor;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(cuerpo: FormData) {
      envios.push({
        metodo: this.metodo,
        url: this.url,
        headers: this.headers,
        cuerpo,
        progresar: (enviados, total) => {
          const e = Object.assign(new Event('progress'), { lengthComputable: true, loaded: enviados, total });
          this.upload.dispatchEvent(e);
        },
        responder: (status, datos) => {
          this.status = status;
          this.responseText = JSON.stringify(datos);
          this.dispatchEvent(new Event('load'));
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', XhrFalso);
  return envios;
}
