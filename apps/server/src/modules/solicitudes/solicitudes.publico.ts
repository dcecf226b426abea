import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  LIMITES_SOLICITUD,
  MENSAJES_SOLICITUD,
  zSolicitudPublica,
  zTokenSolicitud,
  type FormularioSolicitud,
  type SeguimientoSolicitud,
  type SolicitudEnviada,
} from '@delego/contract';
import type { z } from 'zod';
import type { Clock } from '../../kernel/clock.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { grupoDeDireccion } from '../../lib/direccion.js';
import { traducirFalloMultipart } from '../../lib/multipart.js';
import { Limitador } from '../../lib/rate-limit.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';
import type { LugarQr } from '../equipment/index.js';
import type { Parte } from '../files/index.js';
import { prepararFoto, type FotoLista } from './fotos.js';
import { plantillaSolicitudRecibida } from './plantillas-solicitud.js';
import {
  correoAlSolicitante,
  LIMITES_SOLICITUDES_DEFECTO,
  primeros,
  urlSeguimiento,
  type DepsSolicitudes,
  type Entorno,
  type LimitesSolicitudes,
} from './solicitudes.comun.js';
import { SolicitudesRepository, type EnlacePublico } from './solicitudes.repository.js';

type Datos = z.output<typeof zSolicitudPublica>;

/** By the client's link (its token in the field `k`) or by a site's or an equipo's QR code. */
export type Origen = { por: 'enlace' } | { por: 'qr'; codigo: string };

/** Where a request goes: the client's active link, and the place of a QR. */
interface Destino {
  enlace: EnlacePublico;
  lugar: LugarQr | null;
}

/** A photo checked and ready to store, with the name it is kept under. */
interface FotoRecibida extends FotoLista {
  nombre: string;
}

/** What the fields of a send decided before its photos are read. */
type Preparado =
  /** Answered already: a repeated send (its request's link) or the honeypot (a made-up one). */
  | { tipo: 'respondida'; respuesta: SolicitudEnviada; robot: boolean }
  | { tipo: 'nueva'; destino: Destino; datos: Datos };

/** How many characters of the request a notification shows. */
const LARGO_AVISO = 120;

/** A line that already ends a sentence or a clause: the next one follows it after a space. */
// Written as escapes (… — –): see palabrasEscritas in the contract on characters outside ASCII in a regular expression.
const FIN_DE_FRASE = /[.,;:!?\u2026\u2014\u2013-]$/u;

/**
 * What was asked, on one line: the notification goes where only one line shows (its mail and its
 * WhatsApp message make any text one line). A line break becomes « — », so the first line (what is
 * wrong) and the description do not run together into one sentence; after a line that already ends
 * a sentence or a clause, a space. Blank lines and runs of spaces count once.
 */
export function pedidoEnUnaLinea(que: string): string {
  return que
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    .map((linea) => linea.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .reduce((texto, linea) => (!texto ? linea : `${texto}${FIN_DE_FRASE.test(texto) ? ' ' : ' — '}${linea}`), '');
}

/**
 * The notification of a request that arrived, to who may delegate for its client: the portal writes
 * it as the request comes in, the demo seed for the requests waiting on its first start. Its text is
 * the request on one line, cut with «…» when it does not fit.
 */
export function avisoDeSolicitud(clienteNombre: string, que: string) {
  const texto = pedidoEnUnaLinea(que);
  return {
    tipo: 'SOLICITUD_RECIBIDA',
    titulo: `Nueva solicitud de ${clienteNombre}`,
    mensaje: Array.from(texto).length > LARGO_AVISO ? `${primeros(texto, LARGO_AVISO - 1).trimEnd()}…` : texto,
    ordenId: null,
  } as const;
}

const CAMPO_TARDE = 'Los datos del pedido van antes de las fotos.';
const NO_MULTIPART = 'Envíe el pedido como multipart/form-data.';

/** The same 404 for a link or a code nobody issued, and for a QR of a client without requests. */
const noDisponible = () => new AppError('NO_ENCONTRADO', MENSAJES_SOLICITUD.enlaceNoDisponible);
const desactivado = () => new AppError('ENLACE_VENCIDO', MENSAJES_SOLICITUD.enlaceDesactivado);
const fotoGrande = () => new AppError('DEMASIADO_GRANDE', MENSAJES_SOLICITUD.fotoGrande, { field: 'fotos' });
const demasiadas = () => new AppError('DEMASIADO_GRANDE', MENSAJES_SOLICITUD.demasiadasFotos, { field: 'fotos' });

/**
 * The public side of requests (issue 33, docs/SOLICITUDES.md): the form by a client's link or a
 * QR, the send (multipart, its photos checked by decoding them, once per device send), and the
 * tracking page. Nothing else of the company is reachable from a link: it names one client.
 */
export class SolicitudesPublicas {
  private readonly repo: SolicitudesRepository;
  private readonly limitador: Limitador;
  private readonly limites: LimitesSolicitudes;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: DepsSolicitudes,
    private readonly entorno: Entorno,
  ) {
    this.repo = new SolicitudesRepository(db);
    this.limites = { ...LIMITES_SOLICITUDES_DEFECTO, ...deps.limites };
    this.limitador = new Limitador(entorno.contador, clock);
  }

  /** GET /api/v4/publico/solicitud?k=: who the request goes to. */
  async formulario(k: string, direccion: string): Promise<FormularioSolicitud> {
    await this.limitador.exigir([[`solicitud:f:${grupoDeDireccion(direccion)}`, this.limites.formularioDireccion]]);
    const e = await this.enlaceDe(k);
    return { empresa: e.empresa, cliente: e.clienteNombre, lugar: null };
  }

  /** GET /api/v4/publico/q/:codigo: the same form with the place of the QR. */
  async formularioQr(codigo: string, direccion: string): Promise<FormularioSolicitud> {
    await this.limitador.exigir([[`solicitud:f:${grupoDeDireccion(direccion)}`, this.limites.formularioDireccion]]);
    const { enlace, lugar } = await this.qrDe(codigo);
    return {
      empresa: enlace.empresa,
      cliente: enlace.clienteNombre,
      lugar: { tipo: lugar.tipo, nombre: lugar.nombre },
    };
  }

  /** GET /api/v4/publico/solicitud/seguimiento?t=. */
  async seguimiento(t: string, direccion: string): Promise<SeguimientoSolicitud> {
    await this.limitador.exigir([[`solicitud:s:${grupoDeDireccion(direccion)}`, this.limites.seguimientoDireccion]]);
    const s = await this.repo.porSeguimiento(hashDeToken(t));
    if (!s) throw new AppError('NO_ENCONTRADO', 'Este enlace de seguimiento no existe.');
    return {
      empresa: s.empresa,
      que: s.que,
      creada: s.creada.getTime(),
      estado: s.estado,
      motivo: s.estado === 'rechazada' ? s.motivo : null,
      resumen: s.estado === 'aceptada' && s.resumenCifrado ? this.deps.cifrador.descifrar(s.resumenCifrado) : null,
    };
  }

  /**
   * POST /api/v4/publico/solicitud and /api/v4/publico/q/:codigo/pedido: the fields come first
   * (checked, the link found, a repeated send answered, the limits counted, all before a photo is
   * read), then up to 5 photos, each decoded and stored; then one transaction stores the request,
   * its photos' rows, the notifications and the mail. Any refusal leaves nothing behind.
   */
  async enviar(origen: Origen, partes: AsyncIterable<Parte>, direccion: string): Promise<SolicitudEnviada> {
    const campos = new Map<string, string>();
    const fotos: FotoRecibida[] = [];
    const guardadas: string[] = [];
    let preparado: Preparado | undefined;
    try {
      for await (const p of partes) {
        if (p.tipo === 'campo') {
          if (preparado) throw AppError.invalid(p.campo, CAMPO_TARDE);
          campos.set(p.campo, p.valor);
          continue;
        }
        preparado ??= await this.preparar(origen, campos, direccion);
        if (preparado.tipo === 'respondida' && !preparado.robot) {
          // The same send again: its photos were stored the first time.
          await leer(p.stream);
          continue;
        }
        const bytes = await leer(p.stream);
        // A file input left empty sends a part without a name or bytes: nothing was attached.
        if (!bytes.length && !p.nombre) continue;
        if (p.campo !== 'fotos') throw AppError.invalid('fotos', MENSAJES_SOLICITUD.fotoNoImagen);
        if (fotos.length >= LIMITES_SOLICITUD.fotos) throw demasiadas();
        const foto = await prepararFoto(bytes);
        if (!foto) throw AppError.invalid('fotos', MENSAJES_SOLICITUD.fotoNoImagen);
        const recibida = { ...foto, nombre: `foto-${fotos.length + 1}.${foto.extension}` };
        fotos.push(recibida);
        // The honeypot's photos are checked like any (the answer tells nothing) and kept nowhere.
        if (preparado.tipo === 'nueva') {
          const clave = `e${preparado.destino.enlace.entidadId}/solicitudes/${randomUUID()}.${foto.extension}`;
          guardadas.push(clave);
          await this.deps.storage.put(clave, Readable.from([foto.bytes]));
        }
      }
      preparado ??= await this.preparar(origen, campos, direccion);
      if (preparado.tipo === 'respondida') return preparado.respuesta;
      const r = await this.guardar(preparado.destino, preparado.datos, fotos, guardadas);
      // Another send of the same request won: its photos are the ones kept.
      if (r.repetida) await this.borrar(guardadas);
      return r.respuesta;
    } catch (e) {
      await this.borrar(guardadas);
      throw traducirError(e);
    }
  }

  // -------------------------------------------------------------------------------------------

  /**
   * The fields of a send: checked (400 before anything is read), the link or QR found (404/410), a
   * send already stored answered with its link, the limits counted (429), and the honeypot.
   */
  private async preparar(origen: Origen, campos: Map<string, string>, direccion: string): Promise<Preparado> {
    const porEnlace = origen.por === 'enlace';
    const k = porEnlace ? zTokenSolicitud.safeParse(campos.get('k') ?? '') : undefined;
    if (k && !k.success)
      throw AppError.invalid('k', k.error.issues[0]?.message ?? MENSAJES_SOLICITUD.enlaceNoDisponible);
    const d = zSolicitudPublica.safeParse(Object.fromEntries(campos));
    if (!d.success) {
      const issue = d.error.issues[0];
      throw AppError.invalid(String(issue?.path[0] ?? 'que'), issue?.message ?? 'El pedido no es válido.');
    }
    const destino: Destino =
      origen.por === 'qr'
        ? await this.qrDe(origen.codigo)
        : { enlace: await this.enlaceDe(k?.data ?? ''), lugar: null };
    const { entidadId } = destino.enlace;
    const previa = await this.repo.porClave(entidadId, d.data.clave);
    if (previa) return { tipo: 'respondida', respuesta: await this.respuestaDe(entidadId, previa), robot: false };
    await this.limitador.exigir([
      [`solicitud:e:${destino.enlace.id}`, this.limites.envioEnlace],
      [`solicitud:d:${grupoDeDireccion(direccion)}`, this.limites.envioDireccion],
    ]);
    if (d.data.sitio?.trim()) {
      this.entorno.log.info({ entidadId }, 'solicitud.trampa');
      const t = crearToken().token;
      return {
        tipo: 'respondida',
        respuesta: { mensaje: mensajeDe(d.data.email), seguimiento: urlSeguimiento(this.entorno.publicUrl, t) },
        robot: true,
      };
    }
    return { tipo: 'nueva', destino, datos: d.data };
  }

  /** The request, its photos, its notifications and its mail, in one transaction; announced after it. */
  private async guardar(
    destino: Destino,
    datos: Datos,
    fotos: FotoRecibida[],
    claves: string[],
  ): Promise<{ respuesta: SolicitudEnviada; repetida: boolean }> {
    const { entidadId, clienteId, clienteNombre } = destino.enlace;
    const seguimiento = crearToken();
    const url = urlSeguimiento(this.entorno.publicUrl, seguimiento.token);
    const ahora = this.clock.now();
    const r = await this.db.transaction(async (tx) => {
      const repo = new SolicitudesRepository(tx);
      const id = await repo.insertSolicitud({
        entidadId,
        clienteId,
        enlaceId: destino.enlace.id,
        clave: datos.clave,
        ubicacionId: destino.lugar?.tipo === 'ubicacion' ? destino.lugar.id : null,
        equipoId: destino.lugar?.tipo === 'equipo' ? destino.lugar.id : null,
        que: datos.que,
        donde: datos.donde ?? null,
        nombre: datos.nombre,
        email: datos.email ?? null,
        telefono: datos.telefono ?? null,
        creada: ahora,
        seguimientoHash: seguimiento.hash,
        seguimientoCifrado: this.deps.cifrador.cifrar(seguimiento.token),
      });
      if (id === undefined) {
        const previa = await repo.porClave(entidadId, datos.clave);
        if (!previa) throw new Error('solicitud repetida sin su fila');
        return { repetida: true as const, previa };
      }
      await repo.insertFotos(
        fotos.map((f, i) => ({
          entidadId,
          solicitudId: id,
          nombre: f.nombre,
          mime: f.mime,
          tamano: f.bytes.length,
          clave: claves[i] as string,
        })),
      );
      const usuarios = await repo.quienesPuedenDelegar(entidadId, clienteId);
      const { anunciar } = await this.deps.notifications.crearVariasEnTransaccion(
        tx,
        usuarios.map((usuarioId) => ({
          entidadId,
          usuarioId,
          ...avisoDeSolicitud(clienteNombre, datos.que),
        })),
      );
      const correo = datos.email
        ? await correoAlSolicitante(this.deps, tx, entidadId, datos.email, (remitente) =>
            plantillaSolicitudRecibida({ remitente, seguimiento: url }),
          )
        : false;
      return { repetida: false as const, id, anunciar, correo };
    });
    if (r.repetida) return { respuesta: await this.respuestaDe(entidadId, r.previa), repetida: true };
    this.entorno.log.info({ entidadId, clienteId, solicitudId: r.id, fotos: fotos.length }, 'solicitud.recibida');
    await r.anunciar();
    if (r.correo) this.deps.mail.kick();
    return { respuesta: { mensaje: mensajeDe(datos.email), seguimiento: url }, repetida: false };
  }

  /** The answer of a send already stored: its own tracking link (issued anew if the stored one cannot be read). */
  private async respuestaDe(
    entidadId: number,
    previa: { id: number; email: string | null; seguimientoCifrado: string | null },
  ): Promise<SolicitudEnviada> {
    let t = previa.seguimientoCifrado ? this.deps.cifrador.descifrar(previa.seguimientoCifrado) : null;
    if (!t) {
      const nuevo = crearToken();
      await this.repo.renovarSeguimiento(entidadId, previa.id, nuevo.hash, this.deps.cifrador.cifrar(nuevo.token));
      t = nuevo.token;
    }
    return { mensaje: mensajeDe(previa.email), seguimiento: urlSeguimiento(this.entorno.publicUrl, t) };
  }

  /** A link's token: 404 when nobody issued it, 410 when it was rotated or switched off (or its client is inactive). */
  private async enlaceDe(k: string): Promise<EnlacePublico> {
    const e = await this.repo.enlacePorHash(hashDeToken(k));
    if (!e) throw noDisponible();
    if (e.revocado || !e.clienteActivo) throw desactivado();
    return e;
  }

  /** A QR code: its place and its client's active link; the same 404 for an unknown code and a client without one. */
  private async qrDe(codigo: string): Promise<{ enlace: EnlacePublico; lugar: LugarQr }> {
    const lugar = await this.deps.equipos.lugarDeQr(codigo);
    const enlace = lugar ? await this.repo.enlacePublicoDeCliente(lugar.entidadId, lugar.clienteId) : undefined;
    if (!lugar || !enlace?.clienteActivo) throw noDisponible();
    return { enlace, lugar };
  }

  private async borrar(claves: readonly string[]): Promise<void> {
    await Promise.allSettled(claves.map((c) => this.deps.storage.delete(c)));
  }
}

const mensajeDe = (email: string | null | undefined) =>
  email ? MENSAJES_SOLICITUD.enviada : MENSAJES_SOLICITUD.enviadaSinCorreo;

/** A photo's bytes, at most LIMITES_SOLICITUD.fotoBytes (the parser cuts it there and says so). */
async function leer(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const trozos: Buffer[] = [];
  let total = 0;
  for await (const trozo of stream) {
    const b = trozo as Buffer;
    total += b.length;
    if (total > LIMITES_SOLICITUD.fotoBytes) throw fotoGrande();
    trozos.push(b);
  }
  if (stream.truncated) throw fotoGrande();
  return Buffer.concat(trozos);
}

/** The multipart parser's refusals, in Spanish (nothing was stored). */
export function traducirError(e: unknown): unknown {
  const noMultipart = () => AppError.invalid('que', NO_MULTIPART);
  return traducirFalloMultipart(e, {
    archivoGrande: fotoGrande,
    demasiadosArchivos: demasiadas,
    demasiadosCampos: () => new AppError('DEMASIADO_GRANDE', 'El pedido tiene demasiados campos.', { field: 'fotos' }),
    campoInvalido: noMultipart,
    noMultipart,
    interrumpido: () => AppError.invalid('fotos', 'El envío se interrumpió antes de terminar. No se guardó nada.'),
    malFormado: () => AppError.invalid('fotos', 'El envío está mal formado. No se guardó nada.'),
  });
}

export { NO_MULTIPART };
