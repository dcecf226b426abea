import { MENSAJES, RUTAS, zPlanEstado } from '@delego/contract';
import { z } from 'zod';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsuario } from '../test/factories';
import { errorDelServidor, json, simularServidor, type Llamada, type Llamadas } from '../test/servidor';
import { ApiError } from './errors';
import {
  llamar,
  llamarArchivo,
  llamarFormulario,
  nombreDeDisposicion,
  peticion,
  peticionArchivo,
  peticionFormulario,
} from './http';
import { guardarSesion, leerSesion } from './session';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';
/** Any answer: for the tests of what goes out, not of what comes back. */
const esquema = z.unknown();
const PLAN = { nombre: 'Pyme', quota: 100, quotaDisponible: 7, fechaProximoVencimiento: null };

/** The calls that reached the fake server (test/servidor.ts) in the current test. */
let llamadas: Llamadas;

/** Answers the calls of the current test with this table (anything else is a 404). */
function servidor(respuestas: Parameters<typeof simularServidor>[0]): void {
  llamadas = simularServidor(respuestas);
}

/** The last call that reached the server: method, path, query, headers and JSON body. */
function ultimaPeticion(): Llamada {
  const llamada = llamadas.at(-1);
  if (!llamada) throw new Error('ninguna llamada llegó al servidor');
  return llamada;
}

async function errorDe(promesa: Promise<unknown>): Promise<ApiError> {
  try {
    await promesa;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('se esperaba un error');
}

beforeEach(() => {
  llamadas = simularServidor({});
});

describe('the http client', () => {
  it('sends Authorization "<usuario>#<md5>" from the stored session and tsp=Date.now()', async () => {
    guardarSesion({ usuario: makeUsuario({ usuario: 'propietario' }), md5: MD5 });
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    servidor({ 'GET /api/v2/clientes/cache/clean': { ok: true } });

    await expect(llamar(RUTAS.clientesCacheClean)).resolves.toEqual({ ok: true });

    const { ruta, query, autorizacion, metodo } = ultimaPeticion();
    expect(ruta).toBe('/api/v2/clientes/cache/clean');
    expect(query.get('tsp')).toBe('1700000000123');
    expect(autorizacion).toBe(`propietario#${MD5}`);
    expect(metodo).toBe('GET');
  });

  it('keeps other query parameters next to tsp', async () => {
    servidor({ 'GET /api/v2/recuperarPassword': {} });
    await peticion('/api/v2/recuperarPassword', { query: { username: 'ana', vacio: undefined }, esquema });
    const { query } = ultimaPeticion();
    expect(query.get('username')).toBe('ana');
    expect(query.has('vacio')).toBe(false);
    expect(query.has('tsp')).toBe(true);
  });

  it('uses the credentials given for the call instead of the stored session (login)', async () => {
    guardarSesion({ usuario: makeUsuario({ usuario: 'otra' }), md5: MD5 });
    servidor({ 'GET /api/v4/login': {} });
    await peticion('/api/v4/login', { credenciales: { usuario: 'admin', md5: 'a'.repeat(32) }, esquema });
    expect(ultimaPeticion().autorizacion).toBe(`admin#${'a'.repeat(32)}`);
  });

  it('sends no Authorization without a session, or when the call is not authenticated', async () => {
    servidor({ 'GET /api/health': {}, 'GET /api/v2/recuperarPassword': {} });
    await peticion('/api/health', { esquema });
    expect(ultimaPeticion().headers.has('Authorization')).toBe(false);

    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    await peticion('/api/v2/recuperarPassword', { query: { username: 'ana' }, autenticada: false, esquema });
    expect(ultimaPeticion().headers.has('Authorization')).toBe(false);
  });

  it('sends bodies as JSON', async () => {
    servidor({ 'PUT /api/v2/estado/3': { id: 3 } });
    await peticion('/api/v2/estado/3', { metodo: 'PUT', cuerpo: { estado: 4, comentarios: 'listo' }, esquema });
    const { metodo, headers, cuerpo } = ultimaPeticion();
    expect(metodo).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(cuerpo).toEqual({ estado: 4, comentarios: 'listo' });
  });

  it("403 carries the server's message", async () => {
    servidor({
      'GET /api/v4/login': () =>
        json(403, { message: MENSAJES.loginInvalido, code: 'LOGIN_INVALIDO', requestId: 'r-1' }),
    });
    const error = await errorDe(llamar(RUTAS.login));
    expect(error).toMatchObject({ status: 403, code: 'LOGIN_INVALIDO', requestId: 'r-1' });
    expect(error.message).toBe('Los datos de Login son inválidos');
  });

  it('403 without a body falls back to "Los datos de Login son inválidos"', async () => {
    servidor({ 'GET /api/v4/login': () => new Response('Forbidden', { status: 403 }) });
    const error = await errorDe(llamar(RUTAS.login));
    expect(error.message).toBe(MENSAJES.loginInvalido);
  });

  it('429 shows the Spanish message the server sent', async () => {
    const mensaje = 'Demasiados intentos fallidos. Espere unos minutos antes de volver a intentar.';
    servidor({ 'GET /api/v4/login': () => errorDelServidor(429, mensaje) });
    expect((await errorDe(llamar(RUTAS.login))).message).toBe(mensaje);
  });

  it('504 means the server could not be reached', async () => {
    servidor({ 'GET /api/v2/plan/estado': () => new Response('<html>Gateway Timeout</html>', { status: 504 }) });
    const error = await errorDe(llamar(RUTAS.planEstado));
    expect(error.status).toBe(504);
    expect(error.message).toBe(MENSAJES.sinServidor);
  });

  it('a network failure is status 0 with the cannot-reach-the-server message', async () => {
    servidor({ 'GET /api/v2/plan/estado': () => Response.error() });
    const error = await errorDe(llamar(RUTAS.planEstado));
    expect(error.status).toBe(0);
    expect(error.esSinConexion).toBe(true);
    expect(error.message).toBe(MENSAJES.sinServidor);
  });

  it('a 500 without a message is "Ocurrió un error inesperado"', async () => {
    servidor({ 'GET /api/v2/plan/estado': () => json(500, { code: 'ERROR_INTERNO', requestId: 'r' }) });
    expect((await errorDe(llamar(RUTAS.planEstado))).message).toBe(MENSAJES.errorInesperado);
  });

  it('a cancelled call is not turned into an error to show', async () => {
    servidor({ 'GET /api/v2/plan/estado': PLAN });
    const control = new AbortController();
    // As the page cancels a query: fetch rejects with the signal's reason, the page's AbortError.
    control.abort(new DOMException('cancelada', 'AbortError'));
    await expect(llamar(RUTAS.planEstado, { signal: control.signal })).rejects.toHaveProperty('name', 'AbortError');
  });

  it('validates the answer with the contract schema', async () => {
    servidor({ 'GET /api/v2/plan/estado': { ...PLAN, extra: 'ignorado' } });
    await expect(peticion('/api/v2/plan/estado', { esquema: zPlanEstado })).resolves.toEqual(PLAN);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    servidor({ 'GET /api/v2/plan/estado': { nombre: 3 } });
    const error = await errorDe(peticion('/api/v2/plan/estado', { esquema: zPlanEstado }));
    expect(error.message).toBe(MENSAJES.errorInesperado);
  });

  it('401 on a call made with the stored session ends the session', async () => {
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    servidor({ 'GET /api/v2/plan/estado': () => errorDelServidor(401, 'Sesión vencida') });
    const error = await errorDe(llamar(RUTAS.planEstado));
    expect(error.message).toBe('Sesión vencida');
    expect(leerSesion()).toBeNull();
  });

  it('401 on the login call does not touch the stored session', async () => {
    const sesion = { usuario: makeUsuario(), md5: MD5 };
    guardarSesion(sesion);
    servidor({ 'GET /api/v4/login': () => json(401, {}) });
    await errorDe(llamar(RUTAS.login, { credenciales: { usuario: 'x', md5: MD5 } }));
    expect(leerSesion()?.usuario.id).toBe(sesion.usuario.id);
  });
});

describe("calls by route (the contract's table)", () => {
  it('takes method and path from the route, fills its params and sends its body', async () => {
    servidor({
      'GET /api/v2/notificaciones/registrar/:flag/:deviceToken': { ok: true, registrado: false },
      'DELETE /api/v2/orden/:id': { ok: true },
    });
    await expect(
      llamar(RUTAS.registrarDispositivo, { params: { flag: 'false', deviceToken: 'https://x/y' } }),
    ).resolves.toEqual({ ok: true, registrado: false });
    expect(ultimaPeticion().ruta).toBe('/api/v2/notificaciones/registrar/false/https%3A%2F%2Fx%2Fy');
    expect(ultimaPeticion().metodo).toBe('GET');

    await llamar(RUTAS.eliminarOrden, { params: { id: 9 } });
    expect(ultimaPeticion().ruta).toBe('/api/v2/orden/9');
    expect(ultimaPeticion().metodo).toBe('DELETE');
  });

  it('a public route goes without Authorization, even with a session', async () => {
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    servidor({ 'GET /api/health': { ok: true } });
    await llamar(RUTAS.health);
    expect(ultimaPeticion().headers.has('Authorization')).toBe(false);
    await llamar(RUTAS.planEstado).catch(() => undefined);
    expect(ultimaPeticion().autorizacion).toMatch(/#/);
  });

  it("validates every answer with the route's success schema, even a call that only confirms", async () => {
    servidor({
      'GET /api/v2/plan/estado': PLAN,
      'PUT /api/v2/notificaciones/leida/:id': () => new Response(null, { status: 200 }),
    });
    await expect(llamar(RUTAS.planEstado)).resolves.toEqual(PLAN);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await errorDe(llamar(RUTAS.notificacionLeida, { params: { id: 4 } }));
    expect(error.message).toBe(MENSAJES.errorInesperado);
  });

  it("a multipart route uploads the form with the route's method, path and answer schema", async () => {
    servidor({ 'POST /api/v2/archivos/:id/add': [{ id: 1 }] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await errorDe(llamarFormulario(RUTAS.agregarArchivos, new FormData(), { params: { id: 42 } }));
    expect(ultimaPeticion()).toMatchObject({ metodo: 'POST', ruta: '/api/v2/archivos/42/add' });
    expect(error.message).toBe(MENSAJES.errorInesperado);
  });
});

describe('the http client: files (downloads as Blobs, multipart uploads)', () => {
  it('archivo: GET with Authorization and tsp; returns the Blob, its type and the name of Content-Disposition', async () => {
    guardarSesion({ usuario: makeUsuario({ usuario: 'operario' }), md5: MD5 });
    servidor({
      'GET /api/v2/imprimirReporte/:id': () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `inline; filename="orden-_n.pdf"; filename*=UTF-8''orden-%C3%B1.pdf`,
          },
        }),
    });
    const d = await llamarArchivo(RUTAS.reporte, { params: { id: 42 }, query: { eventos: true } });
    expect(await d.blob.text()).toBe('%PDF-1.7');
    expect(d.tipo).toBe('application/pdf');
    expect(d.nombre).toBe('orden-ñ.pdf');
    const { ruta, query, autorizacion, metodo } = ultimaPeticion();
    expect(ruta).toBe('/api/v2/imprimirReporte/42');
    expect(query.get('eventos')).toBe('true');
    expect(query.has('tsp')).toBe(true);
    expect(autorizacion).toBe(`operario#${MD5}`);
    expect(metodo).toBe('GET');
  });

  it('archivo: POST with a JSON body (the Excel export takes the filters)', async () => {
    servidor({
      'POST /api/v2/ordenes/exportar': () =>
        new Response('PK', { status: 200, headers: { 'Content-Type': 'application/zip' } }),
    });
    const d = await peticionArchivo('/api/v2/ordenes/exportar', { metodo: 'POST', cuerpo: { buscar: 'bomba' } });
    expect(d.nombre).toBeNull();
    const { metodo, cuerpo, headers } = ultimaPeticion();
    expect(metodo).toBe('POST');
    expect(cuerpo).toEqual({ buscar: 'bomba' });
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('archivo: an error answer is the server’s JSON message, like every call', async () => {
    servidor({
      'GET /api/v2/descargarZip/:id': () => errorDelServidor(404, 'La orden no tiene archivos para descargar.'),
    });
    const error = await errorDe(llamarArchivo(RUTAS.zip, { params: { id: 42 } }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('La orden no tiene archivos para descargar.');
  });
  it('nombreDeDisposicion reads filename* first, then filename', () => {
    expect(nombreDeDisposicion(`attachment; filename="a_o.zip"; filename*=UTF-8''a%C3%B1o.zip`)).toBe('año.zip');
    expect(nombreDeDisposicion('attachment; filename="plano \\"A\\".pdf"')).toBe('plano "A".pdf');
    expect(nombreDeDisposicion('attachment; filename=simple.txt')).toBe('simple.txt');
    expect(nombreDeDisposicion('attachment')).toBeNull();
    expect(nombreDeDisposicion(null)).toBeNull();
  });

  // The raw transport of an upload, below what the fake server sees: the FormData handed to the
  // browser as it is (no Content-Type, so the browser writes the boundary), the progress events of
  // the body going out and the abort. MSW answers an XMLHttpRequest but exposes neither the
  // FormData object nor upload progress, so these tests keep a small stand-in for the browser's
  // XMLHttpRequest (what the server answers is tested above, through the fake server).
  describe('formulario (multipart through XMLHttpRequest, for its upload progress)', () => {
    interface Enviado {
      metodo: string;
      url: string;
      headers: Record<string, string>;
      cuerpo: unknown;
      xhr: XhrFalso;
    }
    const enviados: Enviado[] = [];
    class XhrFalso extends EventTarget {
      status = 0;
      responseText = '';
      upload = new EventTarget();
      metodo = '';
      url = '';
      headers: Record<string, string> = {};
      open(metodo: string, url: string) {
        this.metodo = metodo;
        this.url = url;
      }
      setRequestHeader(clave: string, valor: string) {
        this.headers[clave] = valor;
      }
      abort() {
        this.dispatchEvent(new Event('abort'));
      }
      send(cuerpo: unknown) {
        enviados.push({ metodo: this.metodo, url: this.url, headers: this.headers, cuerpo, xhr: this });
      }
      responder(status: number, cuerpo: unknown) {
        this.status = status;
        this.responseText = JSON.stringify(cuerpo);
        this.dispatchEvent(new Event('load'));
      }
    }

    beforeEach(() => {
      enviados.length = 0;
      vi.stubGlobal('XMLHttpRequest', XhrFalso);
    });

    it('sends the FormData as it is (the browser sets the boundary) with Authorization and tsp', async () => {
      guardarSesion({ usuario: makeUsuario({ usuario: 'operario' }), md5: MD5 });
      const datos = new FormData();
      datos.append('archivos', new File(['x'], 'foto.png'));
      const promesa = peticionFormulario('/api/v2/archivos/42/add', datos, { esquema });
      const e = enviados[0]!;
      expect(e.metodo).toBe('POST');
      expect(new URL(e.url, 'http://localhost').pathname).toBe('/api/v2/archivos/42/add');
      expect(new URL(e.url, 'http://localhost').searchParams.has('tsp')).toBe(true);
      expect(e.headers.authorization).toBe(`operario#${MD5}`);
      expect(Object.keys(e.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
      expect(e.cuerpo).toBe(datos);
      e.xhr.responder(200, [{ id: 1 }]);
      await expect(promesa).resolves.toEqual([{ id: 1 }]);
    });

    it('reports the progress of the body as it goes out', async () => {
      const progreso = vi.fn();
      const promesa = peticionFormulario('/x', new FormData(), { alProgresar: progreso, esquema });
      const e = enviados[0]!;
      e.xhr.upload.dispatchEvent(
        Object.assign(new Event('progress'), { lengthComputable: true, loaded: 30, total: 120 }),
      );
      expect(progreso).toHaveBeenCalledWith(30, 120);
      e.xhr.responder(200, {});
      await promesa;
    });

    it('a refusal is an ApiError with the server’s message and field; no answer is "no connection"', async () => {
      const rechazo = peticionFormulario('/x', new FormData(), { esquema });
      enviados[0]!.xhr.responder(413, {
        message: 'El archivo «a.pdf» supera el tamaño máximo de 25 MB.',
        code: 'DEMASIADO_GRANDE',
        requestId: 'r',
        field: 'archivos',
      });
      const error = await errorDe(rechazo);
      expect(error).toMatchObject({
        status: 413,
        message: 'El archivo «a.pdf» supera el tamaño máximo de 25 MB.',
        field: 'archivos',
      });

      const caida = peticionFormulario('/x', new FormData(), { esquema });
      enviados[1]!.xhr.dispatchEvent(new Event('error'));
      expect((await errorDe(caida)).status).toBe(0);
    });

    it('a cancelled upload (AbortSignal) rejects with an AbortError', async () => {
      const control = new AbortController();
      const promesa = peticionFormulario('/x', new FormData(), { signal: control.signal, esquema });
      control.abort();
      await expect(promesa).rejects.toHaveProperty('name', 'AbortError');
    });

    it('validates the answer with the contract schema', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const promesa = peticionFormulario('/x', new FormData(), { esquema: zPlanEstado });
      enviados[0]!.xhr.responder(200, { nombre: 3 });
      expect((await errorDe(promesa)).message).toBe(MENSAJES.errorInesperado);
    });
  });
});
