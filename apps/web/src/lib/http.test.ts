import { MENSAJES, zPlanEstado } from '@delego/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUsuario } from '../test/factories';
import { ApiError } from './errors';
import { http, nombreDeDisposicion } from './http';
import { guardarSesion, leerSesion } from './session';

const MD5 = 'eb6bc90afb1de3b7e8a41c1afa38ee01';

function respuestaJson(status: number, cuerpo?: unknown): Response {
  return new Response(cuerpo === undefined ? null : JSON.stringify(cuerpo), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

function ultimaPeticion(): { url: URL; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return {
    url: new URL(String(url), 'http://localhost'),
    init,
    headers: new Headers(init.headers),
  };
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
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http client', () => {
  it('sends Authorization "<usuario>#<md5>" from the stored session and tsp=Date.now()', async () => {
    guardarSesion({ usuario: makeUsuario({ usuario: 'propietario' }), md5: MD5 });
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123);
    fetchMock.mockResolvedValue(respuestaJson(200, { ok: true }));

    await expect(http.get('/api/v2/clientes/cache/clean')).resolves.toEqual({ ok: true });

    const { url, headers, init } = ultimaPeticion();
    expect(url.pathname).toBe('/api/v2/clientes/cache/clean');
    expect(url.searchParams.get('tsp')).toBe('1700000000123');
    expect(headers.get('Authorization')).toBe(`propietario#${MD5}`);
    expect(init.method).toBe('GET');
  });

  it('keeps other query parameters next to tsp', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(respuestaJson(200, {})));
    await http.get('/api/v2/recuperarPassword', { query: { username: 'ana', vacio: undefined } });
    const { url } = ultimaPeticion();
    expect(url.searchParams.get('username')).toBe('ana');
    expect(url.searchParams.has('vacio')).toBe(false);
    expect(url.searchParams.has('tsp')).toBe(true);
  });

  it('uses the credentials given for the call instead of the stored session (login)', async () => {
    guardarSesion({ usuario: makeUsuario({ usuario: 'otra' }), md5: MD5 });
    fetchMock.mockImplementation(() => Promise.resolve(respuestaJson(200, {})));
    await http.get('/api/v4/login', { credenciales: { usuario: 'admin', md5: 'a'.repeat(32) } });
    expect(ultimaPeticion().headers.get('Authorization')).toBe(`admin#${'a'.repeat(32)}`);
  });

  it('sends no Authorization without a session, or when the call is not authenticated', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(respuestaJson(200, {})));
    await http.get('/api/health');
    expect(ultimaPeticion().headers.has('Authorization')).toBe(false);

    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    await http.post('/api/v2/registrar/usuario', { usuario: 'x' }, { autenticada: false });
    expect(ultimaPeticion().headers.has('Authorization')).toBe(false);
  });

  it('sends bodies as JSON', async () => {
    fetchMock.mockResolvedValue(respuestaJson(200, { id: 3 }));
    await http.put('/api/v2/estado/3', { estado: 'CERRADA', comentarios: 'listo' });
    const { init, headers } = ultimaPeticion();
    expect(init.method).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"estado":"CERRADA","comentarios":"listo"}');
  });

  it("403 carries the server's message", async () => {
    fetchMock.mockResolvedValue(
      respuestaJson(403, { message: MENSAJES.loginInvalido, code: 'LOGIN_INVALIDO', requestId: 'r-1' }),
    );
    const error = await errorDe(http.get('/api/v4/login'));
    expect(error).toMatchObject({ status: 403, code: 'LOGIN_INVALIDO', requestId: 'r-1' });
    expect(error.message).toBe('Los datos de Login son inválidos');
  });

  it('403 without a body falls back to "Los datos de Login son inválidos"', async () => {
    fetchMock.mockResolvedValue(new Response('Forbidden', { status: 403 }));
    const error = await errorDe(http.get('/api/v4/login'));
    expect(error.message).toBe(MENSAJES.loginInvalido);
  });

  it('429 shows the Spanish message the server sent', async () => {
    const mensaje = 'Demasiados intentos fallidos. Espere unos minutos antes de volver a intentar.';
    fetchMock.mockResolvedValue(respuestaJson(429, { message: mensaje, code: 'X', requestId: 'r' }));
    expect((await errorDe(http.get('/api/v4/login'))).message).toBe(mensaje);
  });

  it('504 means the server could not be reached', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Gateway Timeout</html>', { status: 504 }));
    const error = await errorDe(http.get('/api/v2/plan/estado'));
    expect(error.status).toBe(504);
    expect(error.message).toBe(MENSAJES.sinServidor);
  });

  it('a network failure is status 0 with the cannot-reach-the-server message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await errorDe(http.get('/api/v2/plan/estado'));
    expect(error.status).toBe(0);
    expect(error.esSinConexion).toBe(true);
    expect(error.message).toBe(MENSAJES.sinServidor);
  });

  it('a 500 without a message is "Ocurrió un error inesperado"', async () => {
    fetchMock.mockResolvedValue(respuestaJson(500, { code: 'INTERNO', requestId: 'r' }));
    expect((await errorDe(http.get('/api/v2/plan/estado'))).message).toBe(MENSAJES.errorInesperado);
  });

  it('a cancelled call is not turned into an error to show', async () => {
    fetchMock.mockRejectedValue(new DOMException('cancelada', 'AbortError'));
    await expect(http.get('/api/v2/plan/estado')).rejects.toHaveProperty('name', 'AbortError');
  });

  it('validates the answer with the contract schema', async () => {
    const plan = { nombre: 'Pyme', quota: 100, quotaDisponible: 7, fechaProximoVencimiento: null };
    fetchMock.mockResolvedValueOnce(respuestaJson(200, { ...plan, extra: 'ignorado' }));
    await expect(http.get('/api/v2/plan/estado', { esquema: zPlanEstado })).resolves.toEqual(plan);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(respuestaJson(200, { nombre: 3 }));
    const error = await errorDe(http.get('/api/v2/plan/estado', { esquema: zPlanEstado }));
    expect(error.message).toBe(MENSAJES.errorInesperado);
  });

  it('401 on a call made with the stored session ends the session', async () => {
    guardarSesion({ usuario: makeUsuario(), md5: MD5 });
    fetchMock.mockResolvedValue(respuestaJson(401, { message: 'Sesión vencida', code: 'X', requestId: 'r' }));
    const error = await errorDe(http.get('/api/v2/plan/estado'));
    expect(error.message).toBe('Sesión vencida');
    expect(leerSesion()).toBeNull();
  });

  it('401 on the login call does not touch the stored session', async () => {
    const sesion = { usuario: makeUsuario(), md5: MD5 };
    guardarSesion(sesion);
    fetchMock.mockResolvedValue(respuestaJson(401, {}));
    await errorDe(http.get('/api/v4/login', { credenciales: { usuario: 'x', md5: MD5 } }));
    expect(leerSesion()?.usuario.id).toBe(sesion.usuario.id);
  });
});

describe('http client: files (downloads as Blobs, multipart uploads)', () => {
  it('archivo: GET with Authorization and tsp; returns the Blob, its type and the name of Content-Disposition', async () => {
    guardarSesion({ usuario: makeUsuario({ usuario: 'operario' }), md5: MD5 });
    fetchMock.mockResolvedValue(
      new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="orden-_n.pdf"; filename*=UTF-8''orden-%C3%B1.pdf`,
        },
      }),
    );
    const d = await http.archivo('/api/v2/imprimirReporte/42', { query: { eventos: true } });
    expect(await d.blob.text()).toBe('%PDF-1.7');
    expect(d.tipo).toBe('application/pdf');
    expect(d.nombre).toBe('orden-ñ.pdf');
    const { url, headers, init } = ultimaPeticion();
    expect(url.pathname).toBe('/api/v2/imprimirReporte/42');
    expect(url.searchParams.get('eventos')).toBe('true');
    expect(url.searchParams.has('tsp')).toBe(true);
    expect(headers.get('Authorization')).toBe(`operario#${MD5}`);
    expect(init.method).toBe('GET');
  });

  it('archivo: POST with a JSON body (the Excel export takes the filters)', async () => {
    fetchMock.mockResolvedValue(new Response('PK', { status: 200, headers: { 'Content-Type': 'application/zip' } }));
    const d = await http.archivo('/api/v2/ordenes/exportar', { metodo: 'POST', cuerpo: { buscar: 'bomba' } });
    expect(d.nombre).toBeNull();
    const { init, headers } = ultimaPeticion();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"buscar":"bomba"}');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('archivo: an error answer is the server’s JSON message, like every call', async () => {
    fetchMock.mockResolvedValue(
      respuestaJson(404, {
        message: 'La orden no tiene archivos para descargar.',
        code: 'NO_ENCONTRADO',
        requestId: 'r',
      }),
    );
    const error = await errorDe(http.archivo('/api/v2/descargarZip/42'));
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
      const promesa = http.formulario('/api/v2/archivos/42/add', datos);
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
      const promesa = http.formulario('/x', new FormData(), { alProgresar: progreso });
      const e = enviados[0]!;
      e.xhr.upload.dispatchEvent(
        Object.assign(new Event('progress'), { lengthComputable: true, loaded: 30, total: 120 }),
      );
      expect(progreso).toHaveBeenCalledWith(30, 120);
      e.xhr.responder(200, {});
      await promesa;
    });

    it('a refusal is an ApiError with the server’s message and field; no answer is "no connection"', async () => {
      const rechazo = http.formulario('/x', new FormData());
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

      const caida = http.formulario('/x', new FormData());
      enviados[1]!.xhr.dispatchEvent(new Event('error'));
      expect((await errorDe(caida)).status).toBe(0);
    });

    it('a cancelled upload (AbortSignal) rejects with an AbortError', async () => {
      const control = new AbortController();
      const promesa = http.formulario('/x', new FormData(), { signal: control.signal });
      control.abort();
      await expect(promesa).rejects.toHaveProperty('name', 'AbortError');
    });

    it('validates the answer with the contract schema', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const promesa = http.formulario('/x', new FormData(), { esquema: zPlanEstado });
      enviados[0]!.xhr.responder(200, { nombre: 3 });
      expect((await errorDe(promesa)).message).toBe(MENSAJES.errorInesperado);
    });
  });
});
