import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITES_ARCHIVOS, zArchivo, zArchivosCambios, zId } from '@delego/contract';
import { z } from 'zod';
import type { Services } from '../../app.js';
import { AppError } from '../../lib/errors.js';
import { actorOf } from '../auth/auth.plugin.js';
import type { Descarga, Parte } from './files.service.js';
import { contentDisposition, parseRange } from './http.js';
import { MENSAJES_ARCHIVOS } from './tipos.js';

const zIdParam = z.object({ id: zId });
const zArchivoParams = z.object({ ordenId: zId, archivoId: zId });
const zDescargaQuery = z.object({ inline: z.string().optional() });
const tags = ['archivos'];

async function* partesDe(req: FastifyRequest): AsyncIterable<Parte> {
  for await (const p of req.parts()) {
    if (p.type === 'file') yield { tipo: 'archivo', campo: p.fieldname, nombre: p.filename, stream: p.file };
    else yield { tipo: 'campo', campo: p.fieldname, valor: typeof p.value === 'string' ? p.value : JSON.stringify(p.value) };
  }
}

/** Sends a stored file: type, original name (RFC 5987), and one byte range when asked (206/416). */
async function enviar(req: FastifyRequest, reply: FastifyReply, d: Descarga, inline: boolean) {
  const rango = parseRange(req.headers.range, d.tamanio);
  if (rango === 'invalido') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${d.tamanio}`)
      .send({ code: 'RANGO_INVALIDO', message: MENSAJES_ARCHIVOS.rango, requestId: String(req.id) });
  }
  const tipo = d.mime.startsWith('text/') ? `${d.mime}; charset=utf-8` : d.mime;
  void reply
    .header('Content-Type', tipo)
    .header('Content-Disposition', contentDisposition(d.nombre, inline))
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-cache');
  if (rango) {
    void reply
      .code(206)
      .header('Content-Range', `bytes ${rango.start}-${rango.end}/${d.tamanio}`)
      .header('Content-Length', String(rango.end - rango.start + 1));
    return reply.send(await d.abrir(rango));
  }
  void reply.header('Content-Length', String(d.tamanio));
  return reply.send(await d.abrir());
}

export const filesRoutes =
  (s: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      // Keep the name as sent (busboy would cut it to its last path segment): a name with a path
      // separator is refused with a 400 that says so, never silently changed.
      preservePath: true,
      limits: {
        fileSize: s.files.limiteBytes,
        files: LIMITES_ARCHIVOS.porEnvio,
        fields: 50,
        fieldSize: 64 * 1024,
        parts: LIMITES_ARCHIVOS.porEnvio + 50,
      },
    });

    app.get(
      '/api/v2/archivos/:id',
      { schema: { tags, summary: 'Archivos de la orden', params: zIdParam, response: { 200: z.array(zArchivo) } } },
      async (req) => s.files.listar(actorOf(req), req.params.id),
    );

    app.post(
      '/api/v2/archivos/:id/add',
      {
        schema: {
          tags,
          summary: 'Adjunta archivos (multipart: campo "archivos") y quita los de "archivosBorrados"; devuelve la lista',
          description:
            'multipart/form-data: una parte "archivos" por archivo y, si corresponde, "archivosBorrados" con ids ("3,4" o "[3,4]"). ' +
            'Para solo quitar, también acepta JSON {"archivos": [], "archivosBorrados": [ids]}. ' +
            'Tipos: imágenes (JPG, PNG, WebP, GIF, HEIC), PDF, Office (docx, xlsx, pptx, doc, xls, ppt), TXT y CSV en UTF-8; ' +
            'el tipo real se lee de los bytes. Tamaño por archivo: MAX_FILE_MB (25 MB por defecto).',
          params: zIdParam,
          response: { 200: z.array(zArchivo) },
        },
      },
      async (req) => {
        const actor = actorOf(req);
        if (req.isMultipart()) return s.files.agregar(actor, req.params.id, partesDe(req));
        const parsed = zArchivosCambios.safeParse(req.body ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw AppError.invalid(String(issue?.path[0] ?? 'archivosBorrados'), issue?.message ?? MENSAJES_ARCHIVOS.sinArchivos);
        }
        return s.files.quitar(actor, req.params.id, parsed.data.archivosBorrados ?? []);
      },
    );

    app.get(
      '/api/v2/archivos/:ordenId/descargar/:archivoId',
      {
        schema: {
          tags,
          summary: 'Descarga un archivo (admite Range; ?inline=1 para mostrarlo en el navegador)',
          params: zArchivoParams,
          querystring: zDescargaQuery,
        },
      },
      async (req, reply) => {
        const d = await s.files.descarga(actorOf(req), req.params.ordenId, req.params.archivoId);
        const inline = req.query.inline !== undefined && req.query.inline !== '0' && req.query.inline !== 'false';
        return enviar(req, reply, d, inline);
      },
    );

    app.get(
      '/api/v2/archivos/:ordenId/miniatura/:archivoId',
      { schema: { tags, summary: 'Miniatura JPEG (320 px) de una imagen', params: zArchivoParams } },
      async (req, reply) => {
        const d = await s.files.descarga(actorOf(req), req.params.ordenId, req.params.archivoId, true);
        return enviar(req, reply, d, true);
      },
    );

    app.get(
      '/api/v2/descargarZip/:id',
      { schema: { tags, summary: 'ZIP con todos los archivos de la orden (404 si no tiene)', params: zIdParam } },
      async (req, reply) => {
        const z = await s.files.zip(actorOf(req), req.params.id);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', contentDisposition(z.nombre))
          .header('Cache-Control', 'private, no-store')
          .send(z.stream);
      },
    );
  };
