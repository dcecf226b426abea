import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../kernel/errors.js';
import { enmascarar, opcionesDeLog, resumenError, sanear, urlParaLog } from './log-redaction.js';

const ARGON = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$3q2+7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const MD5 = '5f4dcc3b5aa765d61d8327deb882cf99';

/** A pino logger with the app's options, writing into an array. */
function registro() {
  const lineas: string[] = [];
  const destino = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lineas.push(chunk.toString());
      cb();
    },
  });
  const opciones = opcionesDeLog('info', destino);
  if (!opciones) throw new Error('sin logger');
  const { stream: _s, ...resto } = opciones;
  return { log: pino(resto, destino), texto: () => lineas.join('') };
}

describe('enmascarar', () => {
  it('oculta hashes argon2, MD5, secretos de la consulta, Authorization y los valores de Drizzle', () => {
    const s = enmascarar(
      `hash ${ARGON} cred ana#${MD5} url /api/v2/confirmar?k=secreto1&x=1&password=Demo1&confirmPassword=Demo1&access=abc ` +
        `Authorization: ana#${MD5.toUpperCase()} deviceToken=tok123`,
    );
    for (const secreto of ['argon2id', 'c2FsdHNhbHRz', MD5, MD5.toUpperCase(), 'secreto1', 'Demo1', 'abc', 'tok123']) {
      expect(s).not.toContain(secreto);
    }
    expect(s).toContain('x=1');
    expect(s).toContain('/api/v2/confirmar?k=[oculto]');
    expect(enmascarar('Failed query: insert into usuarios ($1, $2)\nparams: ana@x.com,\nlinea 2')).toBe(
      'Failed query: insert into usuarios ($1, $2)\nparams: [oculto]',
    );
  });

  it('no toca lo que no es secreto', () => {
    const texto = 'orden 123 creada por ana (reqId 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed), sha256 ' + 'a'.repeat(64);
    expect(enmascarar(texto)).toBe(texto);
  });
});

describe('resumenError', () => {
  it('de un error de Drizzle quedan la clase, el SQLSTATE, la restricción y la sentencia, nunca los valores ni el detalle', () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "usuarios_email_key"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'usuarios_email_key',
      table: 'usuarios',
      detail: 'Key (email)=(ana@demo.com) already exists.',
      where: `ana@demo.com ${ARGON}`,
    });
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
        override readonly cause: unknown,
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(',')}`);
        this.name = 'DrizzleQueryError';
      }
    }
    const err = new DrizzleQueryError(
      'insert into "usuarios" ("email", "password_hash") values ($1, $2)',
      ['ana@demo.com', ARGON],
      pg,
    );
    const r = resumenError(err);
    expect(r).toMatchObject({
      tipo: 'DrizzleQueryError',
      causa: { sqlState: '23505', restriccion: 'usuarios_email_key', tabla: 'usuarios' },
    });
    expect(r.mensaje).toContain('insert into "usuarios"');
    const todo = JSON.stringify(r);
    expect(todo).not.toContain('ana@demo.com');
    expect(todo).not.toContain('argon2');
    expect(todo).not.toContain('already exists');
    expect(r.stack).toMatch(/^\s+at /);
  });

  it('el valor que PostgreSQL cita al final del mensaje no se guarda', () => {
    const e = Object.assign(new Error('invalid input syntax for type integer: "ana@demo.com"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    expect(resumenError(e).mensaje).toBe('invalid input syntax for type integer: "[valor oculto]"');
  });
});

describe('resumenError: el tipo, también con el servidor minificado', () => {
  it('usa el nombre propio del error, o su clase solo si se lee como una', () => {
    expect(resumenError(new AppError('NO_ENCONTRADO', 'No existe.')).tipo).toBe('AppError');
    expect(resumenError(new TypeError('x')).tipo).toBe('TypeError');
    // A class renamed by the minifier (as in dist/main.js), whose error keeps the generic name: just "Error".
    const yFe = class extends Error {};
    expect(resumenError(new yFe('x')).tipo).toBe('Error');
    // Not minified (the tests, a package left outside the bundle): the class says what it is.
    class DrizzleQueryError extends Error {}
    expect(resumenError(new DrizzleQueryError('x')).tipo).toBe('DrizzleQueryError');
  });
});

describe('sanear', () => {
  it('oculta campos secretos a cualquier profundidad y resume los errores', () => {
    const r = sanear({
      usuario: 'ana',
      password: 'Demo1234!',
      datos: { passwordNueva: MD5, token: 'tok', lista: [`x ${ARGON}`] },
      headers: { authorization: `ana#${MD5}` },
      err: new Error(`falló con ${MD5}`),
      vacio: '',
    });
    const todo = JSON.stringify(r);
    for (const secreto of ['Demo1234!', MD5, 'tok"', 'argon2']) expect(todo).not.toContain(secreto);
    expect(r).toMatchObject({ usuario: 'ana', vacio: '', err: { tipo: 'Error' } });
  });
});

describe('el logger de la aplicación', () => {
  it('ninguna línea lleva secretos, los pasen como mensaje, como campo o como error', () => {
    const { log, texto } = registro();
    log.info(`Authorization ana#${MD5} en /x?k=secreto1 con ${ARGON}`);
    log.info(
      { req: { method: 'GET', url: '/api/v2/confirmar?k=secreto2', headers: { authorization: `ana#${MD5}` } } },
      'pedido',
    );
    log.warn({ password: 'Demo1234!', usuario: { passwordHash: ARGON } }, 'campos');
    log.error(
      Object.assign(new Error(`Failed query: select\nparams: ana@demo.com,${ARGON}`), {
        params: ['ana@demo.com', ARGON],
      }),
    );
    log.error(
      {
        err: Object.assign(new Error('x'), { detail: 'Key (email)=(ana@demo.com)', query: 'select', params: [ARGON] }),
      },
      'error.interno',
    );
    log.info('formato %s %o', `ana#${MD5}`, { token: 'tok-secreto' });
    const t = texto();
    expect(t.split('\n').filter(Boolean)).toHaveLength(6);
    for (const secreto of [MD5, 'argon2', 'secreto1', 'secreto2', 'Demo1234!', 'ana@demo.com', 'tok-secreto']) {
      expect(t).not.toContain(secreto);
    }
    expect(t).toContain('error.interno');
  });

  it('sin destino y en silencio, no hay logger', () => {
    expect(opcionesDeLog('silent')).toBe(false);
  });
});

describe('urlParaLog', () => {
  const TOKEN = 'Zx9_-kP2mQ7rT4vW8yB1cD3eF5gH6jK0lN2oP4qR6sU';

  it('quita el token del camino de las páginas de los enlaces y todo valor de la consulta', () => {
    expect(urlParaLog(`/ordersummary/${TOKEN}`)).toBe('/ordersummary/…');
    expect(urlParaLog(`/password-reset/${TOKEN}`)).toBe('/password-reset/…');
    expect(urlParaLog(`/confirmacion/corto`)).toBe('/confirmacion/…');
    expect(urlParaLog(`/informesla/${TOKEN}`)).toBe('/informesla/…');
    expect(urlParaLog(`/encuestas/${TOKEN}?puntaje=5`)).toBe('/encuestas/…?puntaje');
    expect(urlParaLog(`/api/v2/ordersummary?k=${TOKEN}&tsp=1764300000000`)).toBe('/api/v2/ordersummary?k&tsp');
    expect(urlParaLog(`/api/v2/algo/${TOKEN}`)).toBe('/api/v2/algo/…');
    expect(urlParaLog(`/api/v2/algo/x%41y`)).toBe('/api/v2/algo/…');
    expect(urlParaLog(`/api/v2/x?${TOKEN}`)).toBe('/api/v2/x?…');
    // A QR label's code (22 characters) in the web's page and in its call.
    expect(urlParaLog('/q/AbCdEfGhIjKlMnOpQrStUv')).toBe('/q/…');
    expect(urlParaLog('/api/v4/qr/AbCdEfGhIjKlMnOpQrStUv')).toBe('/api/v4/qr/…');
  });

  it('deja las rutas y los ids como están', () => {
    expect(urlParaLog('/api/v2/confirmarRecuperarPassword')).toBe('/api/v2/confirmarRecuperarPassword');
    expect(urlParaLog('/api/v4/usuario/12')).toBe('/api/v4/usuario/12');
    expect(urlParaLog('/api/v2/ordenes?')).toBe('/api/v2/ordenes?');
  });
});
