import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MENSAJE_TEXTO_INVALIDO, caracterInvalidoEn, type ErrorBody } from '@delego/contract';
import { z } from 'zod';

type Ruta = (string | number)[];

/** A name as it can be shown: each NUL or lone surrogate becomes U+FFFD. */
function legible(s: string): string {
  let out = '';
  let resto = s;
  for (let i = caracterInvalidoEn(resto); i >= 0; i = caracterInvalidoEn(resto)) {
    out += `${resto.slice(0, i)}\ufffd`;
    resto = resto.slice(i + 1);
  }
  return out + resto;
}

interface Nodo {
  v: unknown;
  padre: Nodo | null;
  clave: string | number;
}

function rutaDe(n: Nodo | null, ultima?: string): Ruta {
  const ruta: Ruta = ultima === undefined ? [] : [ultima];
  for (let x = n; x && x.padre; x = x.padre) ruta.push(x.clave);
  return ruta.reverse();
}

/**
 * The path of the first text (value or key, in document order) with a NUL or a lone UTF-16
 * surrogate anywhere inside a parsed body, query, params or headers object; null when all is well.
 * Iterative and linear (each node keeps a link to its parent, the path is built only for a hit),
 * so a deeply nested body neither overflows the stack nor costs quadratic time.
 */
export function buscarTextoInvalido(valor: unknown): Ruta | null {
  const pendientes: Nodo[] = [{ v: valor, padre: null, clave: '' }];
  while (pendientes.length > 0) {
    const n = pendientes.pop() as Nodo;
    const v = n.v;
    if (typeof v === 'string') {
      if (caracterInvalidoEn(v) >= 0) return rutaDe(n);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pendientes.push({ v: v[i], padre: n, clave: i });
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      const claves = Object.keys(v);
      for (const k of claves) if (caracterInvalidoEn(k) >= 0) return rutaDe(n, legible(k));
      for (let i = claves.length - 1; i >= 0; i--) {
        const k = claves[i] as string;
        pendientes.push({ v: (v as Record<string, unknown>)[k], padre: n, clave: k });
      }
    }
  }
  return null;
}

/**
 * The server's validator: before the route's Zod schema, refuses a NUL or a lone surrogate anywhere
 * in the part (body, querystring, params, headers), naming the field. The contract's texts already
 * refuse them (`zTexto`); this covers the looser fields (unknown, records, route-local strings)
 * with the same 400 that a schema failure gives.
 */
export const validatorCompilerSeguro: FastifySchemaCompiler<z.ZodType> = (ruta) => {
  const validar = validatorCompiler(ruta);
  return (data: unknown) => {
    const mala = buscarTextoInvalido(data);
    if (!mala) return validar(data);
    // The same error object a failing schema gives, so that the error handler shapes it alike.
    const rechazo = z.unknown().superRefine((_v, ctx) => {
      ctx.addIssue({ code: 'custom', path: mala, message: MENSAJE_TEXTO_INVALIDO });
    });
    return validatorCompiler({ ...ruta, schema: rechazo })(data);
  };
};

/**
 * Fastify's own answers for a URL it cannot route (bad percent-encoding such as a lone surrogate
 * `%ED%A0%80`, a path segment over the limit), in the body shape of every other error. The URL is
 * not echoed: its query may carry a secret.
 */
export function erroresDeUrl(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const body: ErrorBody = {
    code: 'DATOS_INVALIDOS',
    message:
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'Un tramo de la dirección de la solicitud es demasiado largo.'
        : 'La dirección de la solicitud no es válida (contiene una codificación incorrecta).',
    requestId: String(req.id),
  };
  void reply.code(400).send(body);
}
