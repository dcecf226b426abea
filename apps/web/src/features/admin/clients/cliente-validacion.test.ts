import { describe, expect, it } from 'vitest';
import { validarCliente, valoresCliente } from './cliente-validacion';

describe('validarCliente', () => {
  it('requires the name and checks CUIT and email with the server rules', () => {
    const r = validarCliente({ ...valoresCliente(), cuit: '30-123', email: 'malo' }, null);
    expect(r).toEqual({
      ok: false,
      errores: {
        nombre: 'Ingrese el nombre del cliente.',
        cuit: 'El CUIT debe tener el formato NN-NNNNNNNN-N (11 dígitos).',
        email: 'El email no es una dirección válida.',
      },
    });
  });

  it('accepts a CUIT without dashes and sends the id on edit', () => {
    const r = validarCliente({ ...valoresCliente(), nombre: 'Hotel Sur', cuit: '33700112239' }, 9);
    expect(r).toMatchObject({ ok: true, datos: { id: 9, nombre: 'Hotel Sur', cuit: '33700112239', activo: true } });
  });
});
