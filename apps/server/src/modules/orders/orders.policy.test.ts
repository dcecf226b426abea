import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTADO, ESTADOS, PERMISOS_GLOBALES, TRANSICIONES, type PermisoGlobal } from '@delego/contract';
import type { Actor } from '../../kernel/actor.js';
import {
  esSoloLectura,
  estadosSiguientes,
  puedeBorrar,
  puedeCambiarEstado,
  puedeCrear,
  puedeModificar,
} from './orders.policy.js';

const actor = (
  o: { id?: number; roles?: string[]; permisos?: PermisoGlobal[]; clientes?: Actor['permisos']['clientes'] } = {},
): Actor => ({
  id: o.id ?? 10,
  usuario: 'x',
  nombre: 'X',
  apellido: '',
  email: null,
  entidadId: 1,
  roles: (o.roles ?? []).map((nombre, i) => ({ id: i + 1, nombre, descripcion: '' })),
  permisosResumen: (o.permisos ?? []).map((nombre) => ({ nombre })),
  permisos: { clientes: o.clientes ?? [] },
});
const orden = (o: Partial<{ clienteId: number; estadoId: number; responsables: number[] }> = {}) => ({
  clienteId: o.clienteId ?? 5,
  estadoId: o.estadoId ?? ESTADO.PENDIENTE,
  responsables: o.responsables ?? [20],
  registroResponsableId: 30,
});
const cp = (
  clienteID: number,
  p: Partial<{ delegarOrden: boolean; modificarOrden: boolean; borrarOrden: boolean }>,
) => ({
  clienteID,
  delegarOrden: false,
  modificarOrden: false,
  borrarOrden: false,
  ...p,
});

describe('reglas de órdenes', () => {
  it('crear requiere crearOrden y delegarOrden del cliente', () => {
    expect(puedeCrear(actor({ permisos: ['crearOrden'], clientes: [cp(5, { delegarOrden: true })] }), 5)).toBe(true);
    expect(puedeCrear(actor({ permisos: ['crearOrden'], clientes: [cp(5, { delegarOrden: true })] }), 6)).toBe(false);
    expect(puedeCrear(actor({ clientes: [cp(5, { delegarOrden: true })] }), 5)).toBe(false);
    expect(puedeCrear(actor({ roles: ['ADMIN'], permisos: ['crearOrden'] }), 99)).toBe(true);
  });

  it('solo lectura sin modificarOrden (global o del cliente) y sin ser responsable', () => {
    expect(esSoloLectura(actor(), orden())).toBe(true);
    expect(esSoloLectura(actor({ id: 20 }), orden())).toBe(false);
    expect(esSoloLectura(actor({ permisos: ['modificarOrden'] }), orden())).toBe(false);
    expect(esSoloLectura(actor({ clientes: [cp(5, { modificarOrden: true })] }), orden())).toBe(false);
    expect(esSoloLectura(actor({ clientes: [cp(6, { modificarOrden: true })] }), orden())).toBe(true);
  });

  it('borrar requiere borrarOrden del cliente', () => {
    expect(puedeBorrar(actor({ permisos: [...PERMISOS_GLOBALES] }), orden())).toBe(false);
    expect(puedeBorrar(actor({ clientes: [cp(5, { borrarOrden: true })] }), orden())).toBe(true);
    expect(puedeBorrar(actor({ roles: ['PROPIETARIO'] }), orden())).toBe(true);
  });

  it('propiedad: un cambio de estado permitido es siempre una transición de la tabla hecha por quien puede modificar', () => {
    const ids = ESTADOS.map((e) => e.id);
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.constantFrom(...ids),
        fc.subarray([...PERMISOS_GLOBALES]),
        fc.boolean(),
        (desde, hacia, permisos, responsable) => {
          const a = actor({ permisos, id: responsable ? 20 : 10 });
          const o = orden({ estadoId: desde });
          const ok = puedeCambiarEstado(a, o, hacia);
          if (ok) {
            expect((TRANSICIONES[desde] as readonly number[]).includes(hacia)).toBe(true);
            expect(puedeModificar(a, o)).toBe(true);
            if (hacia === ESTADO.FINALIZADA || desde === ESTADO.FINALIZADA)
              expect(permisos).toContain('finalizarOrden');
          }
          expect(estadosSiguientes(a, o).includes(hacia)).toBe(ok);
        },
      ),
    );
  });
});
