import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITES_ARCHIVOS, RUTAS, zArchivosCambios, type ErrorBody } from '@delego/contract';
import { AppError } from '../../kernel/errors.js';
import { enviarGenerado, registrar } from '../../kernel/rutas.js';
import { actorOf } from '../../kernel/actor.js';
import { idempotenteParaActor, type AlmacenIdempotencia } from '../idempotencia/index.js';
import type { Descarga, FilesService, Parte } from './files.service.js';
import { contentDisposition, parseRange } from '../../lib/descarga.js';
import { MENSAJES_ARCHIVOS } from './tipos.js';

/** The parts of a multipart request, as `FilesService.recibir` takes them. */
export async function* partesDe(req: FastifyRequest): AsyncIterable<Parte> {
  for await (const p of req.parts()) {
    if (p.type === 'file') yield { tipo: 'archivo', campo: p.fieldname, nombre: p.filename, stream: p.file };
    else
      yield {
        tipo: 'campo',
        campo: p.fieldname,
        valor: typeof p.value === 'string' ? p.value : JSON.stringify(p.value),
      };
  }
}

/** Sends a stored file: type, original name (RFC 5987), and one byte range when asked (206/416). */
export async function enviarDescarga(req: FastifyRequest, reply: FastifyReply, d: Descarga, inline: boolean) {
  const rango = parseRange(req.headers.range, d.tamanio);
  if (rango === 'invalido') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${d.tamanio}`)
      .send({
        code: 'RANGO_INVALIDO',
        message: MENSAJES_ARCHIVOS.rango,
        requestId: String(req.id),
      } satisfies ErrorBody);
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

/**
 * The multipart parser of an upload's routes (in the caller's plugin scope), with the files'
 * limits: `limiteBytes` per file, LIMITES_ARCHIVOS.porEnvio files.
 */
export async function registrarMultipart(app: FastifyInstance, limiteBytes: number): Promise<void> {
  await app.register(fastifyMultipart, {
    // Keep the name as sent (busboy would cut it to its last path segment): a name with a path
    // separator is refused with a 400 that says so, never silently changed.
    preservePath: true,
    limits: {
      fileSize: limiteBytes,
      files: LIMITES_ARCHIVOS.porEnvio,
      fields: 50,
      fieldSize: 64 * 1024,
      parts: LIMITES_ARCHIVOS.porEnvio + 50,
    },
  });
}

/** The files of an order: list, upload and remove (an Idempotency-Key), download, thumbnail, ZIP. */
export const filesRoutes =
  (files: FilesService, idempotencia: AlmacenIdempotencia): FastifyPluginAsync =>
  async (app) => {
    await registrarMultipart(app, files.limiteBytes);

    registrar(app, RUTAS.archivos, async (req) => files.list(actorOf(req), req.params.id));
    registrar(
      app,
      RUTAS.agregarArchivos,
      async (req) => {
        const actor = actorOf(req);
        if (req.isMultipart()) return files.create(actor, req.params.id, partesDe(req));
        const parsed = zArchivosCambios.safeParse(req.body ?? {});
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw AppError.invalid(
            String(issue?.path[0] ?? 'archivosBorrados'),
            issue?.message ?? MENSAJES_ARCHIVOS.sinArchivos,
          );
        }
        return files.delete(actor, req.params.id, parsed.data.archivosBorrados ?? []);
      },
      idempotenteParaActor(idempotencia),
    );
    registrar(app, RUTAS.descargarArchivo, async (req, reply) => {
      const d = await files.descarga(actorOf(req), req.params.ordenId, req.params.archivoId);
      const inline = req.query.inline !== undefined && req.query.inline !== '0' && req.query.inline !== 'false';
      return enviarDescarga(req, reply, d, inline);
    });
    registrar(app, RUTAS.miniatura, async (req, reply) => {
      const d = await files.descarga(actorOf(req), req.params.ordenId, req.params.archivoId, true);
      return enviarDescarga(req, reply, d, true);
    });
    registrar(app, RUTAS.zip, async (req, reply) => {
      const z = await files.zip(actorOf(req), req.params.id);
      return enviarGenerado(reply, 'application/zip', contentDisposition(z.nombre), z.stream);
    });
  };
