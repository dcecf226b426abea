import { RUTAS, type OrdenGuardar, type RegistroCambios } from '@delego/contract';
import { llamar, llamarFormulario } from '../http';
import { comprimirImagen } from '../imagenes';
import type { Cambio } from './tipos';

/**
 * Sends one change of the outbox with its key as `Idempotency-Key` (the server applies it once)
 * and when it was made here as `X-Hecho-En` (the order's history shows both times).
 * Photos are compressed on the phone first (lib/imagenes.ts); an upload that fails is sent again,
 * whole, by the next replay, with the same key.
 */
export async function enviarCambio(c: Cambio): Promise<unknown> {
  const idempotencia = c.id;
  const hechoEn = c.creado;
  switch (c.tipo) {
    case 'estado': {
      const cuerpo = c.cuerpo as { estado: number; comentarios: string };
      return llamar(RUTAS.cambiarEstado, { params: { id: c.ordenId ?? 0 }, cuerpo, idempotencia, hechoEn });
    }
    case 'registro':
      return llamar(RUTAS.guardarRegistro, {
        params: { id: c.ordenId ?? 0 },
        cuerpo: c.cuerpo as RegistroCambios,
        idempotencia,
        hechoEn,
      });
    case 'orden':
      return llamar(RUTAS.guardarOrden, { cuerpo: c.cuerpo as OrdenGuardar, idempotencia, hechoEn });
    case 'archivos': {
      const formulario = new FormData();
      for (const a of c.archivos ?? []) {
        const archivo = new File([a.datos], a.nombre, { type: a.tipo });
        const final = await comprimirImagen(archivo).catch(() => archivo);
        formulario.append('archivos', final, final.name);
      }
      return llamarFormulario(RUTAS.agregarArchivos, formulario, {
        params: { id: c.ordenId ?? 0 },
        idempotencia,
        hechoEn,
      });
    }
  }
}
