/**
 * Writes docs/API.md from the OpenAPI document that the Zod contract generates: every call with its
 * summary, parameters, an example request body and an example response built from the schemas.
 *   npx tsx apps/server/scripts/api-doc.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { REPO_ROOT, testConfig } from '../src/config.js';
import { openDatabase } from '../src/kernel/db/client.js';
import { TODAS_LAS_RUTAS } from '@delego/contract';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  required?: string[];
  nullable?: boolean;
};

const EJEMPLOS: Record<string, unknown> = {
  usuario: 'supervisor',
  email: 'carla.ruiz@demoservicios.com.ar',
  titulo: 'Reparación de aire acondicionado',
  detalle: 'El equipo no enfría.',
  comentarios: 'Comienzo el trabajo.',
  entidadNombre: 'Demo Servicios S.A.',
  message: 'Los datos de Login son inválidos',
  buscar: 'aire',
};

function example(s: Schema | undefined, key = '', depth = 0): unknown {
  if (!s || depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return example(alt.find((x) => x.type !== 'null') ?? alt[0], key, depth + 1);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((x) => example(x, key, depth + 1) as object));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (key in EJEMPLOS && (type === 'string' || type === undefined)) return EJEMPLOS[key];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = example(v, k, depth + 1);
      return out;
    }
    case 'array':
      return [example(s.items, key, depth + 1)];
    case 'integer':
    case 'number':
      return /fecha|creada|actualizada|finalizada/i.test(key) ? 1795000000000 : 1;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'date-time' ? '2026-11-21T12:00:00.000Z' : 'texto';
    default:
      return null;
  }
}

async function main(): Promise<void> {
  const database = await openDatabase({});
  await database.migrate();
  const app = await buildApp({ config: testConfig({ webDist: '/nonexistent' }), database });
  await app.ready();
  const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>> };
  const lines: string[] = [
    '# API de Delego',
    '',
    'Generado desde el contrato Zod (`npx tsx apps/server/scripts/api-doc.ts`); la versión interactiva está',
    'en `/docs`. Los ejemplos salen de los esquemas: muestran la forma, no datos reales.',
    '',
    'Toda llamada autenticada lleva `Authorization: <usuario>#<md5 hex de la contraseña>` y el parámetro',
    '`tsp` (se acepta y se ignora). Fechas en milisegundos desde 1970. Los errores son',
    '`{ "message": "…", "code": "…", "requestId": "…" }` con el mensaje en español (400 datos inválidos, con',
    '`field`; 401 sin credenciales; 403 credenciales inválidas o sin permiso; 404 no existe o es de otra',
    'empresa; 409 conflicto, transición inválida o quota agotada; 413 demasiado grande; 429 demasiados intentos).',
    '',
    '## Llamadas públicas',
    '',
    'Responden sin `Authorization`. Las de cuentas (alta, confirmación, recuperación, invitaciones; issue 12,',
    'ver [CORREO.md](CORREO.md)) están limitadas por dirección y por cuenta: 429 `DEMASIADOS_INTENTOS` con',
    '`Retry-After`. Sus códigos propios: 403 `CUENTA_NO_CONFIRMADA` (en el login, con la contraseña correcta:',
    'ofrecer «Reenviar correo»), 404 `ENLACE_INVALIDO`, 410 `ENLACE_VENCIDO` (ofrecer un enlace nuevo) y 410',
    '`ENLACE_USADO`. Recuperar y reenviar responden siempre lo mismo, exista o no la cuenta.',
    '',
    ...TODAS_LAS_RUTAS.filter((r) => r.publica && !r.oculta).map((r) => `- \`${r.metodo} ${r.path}\`: ${r.summary}`),
    '',
  ];
  const publicas = new Set(TODAS_LAS_RUTAS.filter((r) => r.publica).map((r) => `${r.metodo} ${r.path}`));
  const paths = Object.keys(doc.paths)
    .filter((p) => p.startsWith('/api/'))
    .sort();
  for (const p of paths) {
    for (const [method, op] of Object.entries(doc.paths[p] ?? {})) {
      const o = op as {
        summary?: string;
        parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
      };
      lines.push(`## ${method.toUpperCase()} ${p}`, '');
      if (o.summary) lines.push(o.summary, '');
      if (publicas.has(`${method.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`))
        lines.push('Sin autenticación.', '');
      const params = (o.parameters ?? []).filter((x) => x.in === 'path' || x.in === 'query');
      if (params.length) {
        lines.push(
          'Parámetros: ' + params.map((x) => `\`${x.name}\` (${x.in === 'path' ? 'ruta' : 'consulta'})`).join(', '),
          '',
        );
      }
      const body = o.requestBody?.content?.['application/json']?.schema;
      if (body) lines.push('Petición:', '```json', JSON.stringify(example(body), null, 2), '```', '');
      const estado = o.responses?.['200'] ? '200' : '201';
      const ok = o.responses?.[estado]?.content?.['application/json']?.schema;
      if (ok) lines.push(`Respuesta ${estado}:`, '```json', JSON.stringify(example(ok), null, 2), '```', '');
    }
  }
  fs.writeFileSync(path.join(REPO_ROOT, 'docs', 'API.md'), lines.join('\n'));
  await app.close();
  await database.close();
  console.log(`docs/API.md: ${paths.length} rutas`);
}

void main();
