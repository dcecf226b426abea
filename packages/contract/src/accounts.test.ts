import { describe, expect, it } from 'vitest';
import {
  MENSAJES_CUENTAS,
  VIGENCIA_ENLACE_MS,
  mensajeDemasiadosPedidos,
  zConfirmarRecuperarPasswordQuery,
  zReenviarConfirmacion,
  zRegistroUsuario,
} from './accounts.js';

const MD5 = '0123456789abcdef0123456789abcdef';
const valido = {
  usuario: 'ana.p',
  nombre: ' Ana ',
  apellido: 'Pereyra',
  email: 'ana@empresa.com.ar',
  password: MD5.toUpperCase(),
  entidadNombre: 'Empresa S.R.L.',
  aceptaTerminos: true,
};

const campos = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('zRegistroUsuario', () => {
  it('acepta el alta, recorta los textos, pasa el MD5 a minúsculas y da formato al CUIT', () => {
    const r = zRegistroUsuario.parse({ ...valido, cuit: '30712345671', telefono: ' 341 ' });
    expect(r).toMatchObject({ nombre: 'Ana', password: MD5, cuit: '30-71234567-1', telefono: '341' });
  });

  it('exige aceptar los términos y nombra el campo de cada error en español', () => {
    expect(campos(zRegistroUsuario.safeParse({ ...valido, aceptaTerminos: false }))).toEqual([
      ['aceptaTerminos', MENSAJES_CUENTAS.aceptarTerminos],
    ]);
    const { aceptaTerminos: _sin, ...sinTerminos } = valido;
    expect(campos(zRegistroUsuario.safeParse(sinTerminos))).toEqual([
      ['aceptaTerminos', MENSAJES_CUENTAS.aceptarTerminos],
    ]);
    expect(campos(zRegistroUsuario.safeParse({ ...valido, email: 'x@' }))[0]?.[0]).toBe('email');
    expect(campos(zRegistroUsuario.safeParse({ ...valido, password: 'clave' }))[0]?.[1]).toMatch(/MD5/);
  });
});

describe('enlaces', () => {
  it('las contraseñas del restablecimiento deben coincidir', () => {
    expect(zConfirmarRecuperarPasswordQuery.safeParse({ k: 'abc', password: MD5, confirmPassword: MD5 }).success).toBe(
      true,
    );
    expect(
      campos(zConfirmarRecuperarPasswordQuery.safeParse({ k: 'abc', password: MD5, confirmPassword: 'f'.repeat(32) })),
    ).toEqual([['confirmPassword', MENSAJES_CUENTAS.passwordsDistintas]]);
  });

  it('reenviar pide el usuario o el enlace', () => {
    expect(zReenviarConfirmacion.safeParse({ usuario: 'ana' }).success).toBe(true);
    expect(zReenviarConfirmacion.safeParse({ k: 'abc' }).success).toBe(true);
    expect(campos(zReenviarConfirmacion.safeParse({}))[0]?.[0]).toBe('usuario');
  });

  it('vencen a las 48 horas, 1 hora y 7 días', () => {
    expect(VIGENCIA_ENLACE_MS).toEqual({ confirmacion: 172_800_000, recuperacion: 3_600_000, invitacion: 604_800_000 });
  });

  it('el 429 nombra la espera', () => {
    expect(mensajeDemasiadosPedidos(90)).toBe('Demasiados pedidos seguidos. Espere 2 minutos y vuelva a intentar.');
    expect(mensajeDemasiadosPedidos(1)).toBe('Demasiados pedidos seguidos. Espere 1 segundo y vuelva a intentar.');
  });
});
