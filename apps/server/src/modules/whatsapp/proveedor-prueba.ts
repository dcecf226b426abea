import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { numeroOculto } from '@delego/contract';
import type { PlantillaAEnviar, ProveedorWhatsapp } from './proveedor-whatsapp.js';

/** Where the log line of each message goes (pino's `info` fits). */
export interface LogPrueba {
  info(obj: object, msg: string): void;
}

/** What the test mode writes for each message (one JSON file). */
export interface ArchivoMensajePrueba {
  numero: string;
  plantilla: string;
  idioma: string;
  parametros: string[];
  texto: string;
  wamid: string;
  escrito: string;
}

/**
 * The test mode, the default without WHATSAPP_TOKEN (docs/WHATSAPP.md «Modo de prueba»): each message
 * is written as a JSON file in DATA_DIR/whatsapp (the number, the template, its language and
 * parameters, and the Spanish text), and the log says `whatsapp.prueba` with the file and the
 * number's last four digits. The file's name comes from the message's key, so a message written
 * twice (a retry after a crash) is still one file.
 */
export class ProveedorPrueba implements ProveedorWhatsapp {
  readonly modo = 'prueba' as const;

  constructor(
    private readonly carpeta: string,
    private readonly log: LogPrueba,
  ) {}

  async enviarPlantilla(m: PlantillaAEnviar): Promise<{ wamid: string }> {
    const wamid = `prueba.${randomUUID()}`;
    const nombre = `${m.plantilla}-${createHash('sha256').update(m.clave).digest('hex').slice(0, 16)}.json`;
    const archivo = path.join(this.carpeta, nombre);
    const contenido: ArchivoMensajePrueba = {
      numero: m.numero,
      plantilla: m.plantilla,
      idioma: m.idioma,
      parametros: [...m.parametros],
      texto: m.texto,
      wamid,
      escrito: new Date().toISOString(),
    };
    await fs.mkdir(this.carpeta, { recursive: true });
    // Written whole or not at all: a reader never sees half a file.
    const temporal = `${archivo}.${process.pid}.tmp`;
    await fs.writeFile(temporal, `${JSON.stringify(contenido, null, 2)}\n`, 'utf8');
    await fs.rename(temporal, archivo);
    this.log.info(
      { mensajeId: m.mensajeId, archivo, plantilla: m.plantilla, numero: numeroOculto(m.numero), wamid },
      'whatsapp.prueba',
    );
    return { wamid };
  }
}
