import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Nucleo } from '../../kernel/modulo.js';
import { secretoCompartido } from './secretos.repository.js';

/** The Web Push (VAPID) key pair, base64url as web-push takes it. */
export interface ClavesVapid {
  publicKey: string;
  privateKey: string;
}

/** What the instance's modules need from the shared secrets. */
export interface SecretosInstancia {
  vapid: ClavesVapid;
  /** 32 bytes: the AES-256-GCM key of the share links (client-side/enlace-cifrado.ts). */
  claveEnlaces: Buffer;
}

/** A new P-256 key pair, as web-push's generateVAPIDKeys makes it (without loading web-push). */
export function nuevasClavesVapid(): ClavesVapid {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privada = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privada.length), privada]).toString('base64url'),
  };
}

function esVapid(v: unknown): v is ClavesVapid {
  const o = v as Partial<ClavesVapid> | null;
  return typeof o?.publicKey === 'string' && typeof o.privateKey === 'string' && o.publicKey.length > 40;
}

/** The content of a file of the data folder, or undefined when there is none. */
function leerArchivo(dataDir: string, nombre: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, nombre), 'utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Reads the installation's secrets from the database (table `secretos_instancia`), creating each
 * on the first start. A data folder from before they moved there (`vapid.json`, `enlaces.key`)
 * is imported once, so an upgraded install keeps its push subscriptions and its links; after
 * that the file is not read. Values are never logged, only that one was imported.
 */
export async function secretosDeInstancia(n: Pick<Nucleo, 'db' | 'config' | 'log'>): Promise<SecretosInstancia> {
  const { dataDir } = n.config;
  const desdeArchivo = (archivo: string, valido: (texto: string) => boolean, nuevo: () => string) => () => {
    const texto = leerArchivo(dataDir, archivo);
    if (texto !== undefined && valido(texto)) {
      n.log.info({ archivo }, 'secretos.importado');
      return texto;
    }
    return nuevo();
  };
  const vapid = await secretoCompartido(
    n.db,
    'vapid',
    desdeArchivo(
      'vapid.json',
      (t) => {
        try {
          return esVapid(JSON.parse(t));
        } catch {
          return false;
        }
      },
      () => JSON.stringify(nuevasClavesVapid()),
    ),
  );
  const enlaces = await secretoCompartido(
    n.db,
    'enlaces',
    desdeArchivo(
      'enlaces.key',
      (t) => Buffer.from(t, 'base64url').length === 32,
      () => randomBytes(32).toString('base64url'),
    ),
  );
  const claves = JSON.parse(vapid) as ClavesVapid;
  return {
    vapid: { publicKey: claves.publicKey, privateKey: claves.privateKey },
    claveEnlaces: Buffer.from(enlaces, 'base64url'),
  };
}

/** The secrets as the modules read them, once loaded (`secretosAlArrancar`). */
export interface SecretosAccesibles {
  vapid(): ClavesVapid;
  claveEnlaces(): Buffer;
}

/**
 * The secrets, read at start. When the database cannot be reached then, the server starts anyway
 * (it answers 503 while the database is away, modules/health): the secrets are read again every
 * 5 s and on each use until they are, and each use meanwhile throws the last error (a database
 * outage, which the error handler answers with 503).
 */
export async function secretosAlArrancar(
  n: Pick<Nucleo, 'db' | 'config' | 'log'>,
  reintentoMs = 5_000,
): Promise<SecretosAccesibles & { detener(): void }> {
  let cargados: SecretosInstancia | undefined;
  let ultimoError: unknown;
  let enCurso: Promise<void> | undefined;
  const cargar = () =>
    (enCurso ??= secretosDeInstancia(n).then(
      (s) => {
        cargados = s;
        clearInterval(reintento);
      },
      (err: unknown) => {
        ultimoError = err;
        enCurso = undefined;
        n.log.warn({ err }, 'secretos.noDisponibles');
      },
    ));
  const reintento = setInterval(() => void cargar(), reintentoMs);
  reintento.unref();
  await cargar();
  const leer = (): SecretosInstancia => {
    if (cargados) return cargados;
    void cargar();
    throw ultimoError;
  };
  return {
    vapid: () => leer().vapid,
    claveEnlaces: () => leer().claveEnlaces,
    detener: () => clearInterval(reintento),
  };
}
