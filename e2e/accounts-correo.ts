import { expect, test, type APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The mail of the account journeys (issue 12). With no SMTP_URL the server writes each mail as an
 * .eml file in DATA_DIR/correo/; e2e/serve.mjs gives each port its own data folder.
 */

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUERTO = process.env.E2E_PORT ?? '8181';
const CARPETA_CORREO = path.join(RAIZ, PUERTO === '8181' ? '.data-e2e' : `.data-e2e-${PUERTO}`, 'correo');

export const md5 = (texto: string) => createHash('md5').update(texto).digest('hex');

/** A name no other run uses (letters and digits only): the project's initials and the moment. */
export function sufijoUnico(): string {
  const proyecto = test
    .info()
    .project.name.replace(/[^a-z]/g, '')
    .slice(0, 4);
  return `${proyecto}${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
}

function quotedPrintable(texto: string): string {
  const sinCortes = texto.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < sinCortes.length; i++) {
    const hex = sinCortes[i] === '=' ? /^[0-9A-F]{2}/i.exec(sinCortes.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(sinCortes[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded bodies of every part of a MIME message (quoted-printable or base64). */
function partesDecodificadas(eml: string): string[] {
  const limites = [...eml.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1] ?? '');
  let partes = [eml];
  for (const limite of limites) partes = partes.flatMap((p) => p.split(`--${limite}`));
  return partes.map((parte) => {
    const [cabeceras = '', ...cuerpo] = parte.split(/\r?\n\r?\n/);
    const texto = cuerpo.join('\n\n');
    const codificacion = /content-transfer-encoding:\s*([\w-]+)/i.exec(cabeceras)?.[1]?.toLowerCase();
    if (codificacion === 'base64') return Buffer.from(texto.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (codificacion === 'quoted-printable') return quotedPrintable(texto);
    return texto;
  });
}

/**
 * The path of the link (`/confirmacion/<k>` or `/password-reset/<k>`) in the newest mail of that
 * kind sent to `para`, waiting for the server's outbox to write it.
 */
export async function enlaceDelCorreo(para: string, tipo: 'confirmacion' | 'password-reset'): Promise<string> {
  const tipoArchivo = tipo === 'confirmacion' ? 'confirmacion' : 'recuperacion';
  let enlace: string | undefined;
  await expect
    .poll(
      async () => {
        const nombres = (await readdir(CARPETA_CORREO).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml') && n.includes(`-${tipoArchivo}-`))
          // The names start with the moment the mail was queued: the newest sorts last.
          .sort()
          .reverse();
        for (const nombre of nombres) {
          const eml = await readFile(path.join(CARPETA_CORREO, nombre), 'utf8');
          if (!new RegExp(`^To:.*${para.replace(/[.+]/g, '\\$&')}`, 'im').test(eml)) continue;
          const patron = new RegExp(`https?://[^\\s"<>]+(/${tipo}/[A-Za-z0-9_-]+)`);
          enlace = partesDecodificadas(eml)
            .map((p) => patron.exec(p)?.[1])
            .find(Boolean);
          return enlace;
        }
        return undefined;
      },
      { message: `correo de ${tipo} para ${para} en ${CARPETA_CORREO}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return enlace ?? '';
}

export interface CuentaNueva {
  usuario: string;
  email: string;
  nombre: string;
  entidadNombre: string;
  password: string;
}

/** The data of a company that signs up in this run. */
export function cuentaNueva(password = 'Taller-2026!'): CuentaNueva {
  const sufijo = sufijoUnico();
  return {
    usuario: `e2e${sufijo}`,
    email: `e2e${sufijo}@example.com`,
    nombre: 'Lucía',
    entidadNombre: `Talleres ${sufijo}`,
    password,
  };
}

/** Signs a company up through the API and confirms it with the link of its mail. */
export async function registrarYConfirmar(request: APIRequestContext, c: CuentaNueva): Promise<void> {
  const alta = await request.post('/api/v2/registrar/usuario', {
    data: {
      usuario: c.usuario,
      nombre: c.nombre,
      apellido: 'Gómez',
      email: c.email,
      password: md5(c.password),
      entidadNombre: c.entidadNombre,
      aceptaTerminos: true,
    },
  });
  expect(alta.status(), await alta.text()).toBe(201);
  const enlace = await enlaceDelCorreo(c.email, 'confirmacion');
  const k = enlace.split('/').pop() ?? '';
  const confirmacion = await request.get('/api/v2/confirmar', { params: { k } });
  expect(confirmacion.status(), await confirmacion.text()).toBe(200);
}
