/**
 * docs/API.md from the contract's route table (`TODAS_LAS_RUTAS`): every route with its summary,
 * parameters, an example request body and an example answer built from its Zod schemas. No app, no
 * database: the contract's sources only (`--tsconfig apps/server/tsconfig.dev.json` maps
 * `@delego/contract` to them, so a fresh clone needs no build).
 *   npm run docs:api            writes docs/API.md
 *   npm run docs:api -- --check  fails (exit 1) if docs/API.md is not what it would write
 * The prose (rules per area, error codes, limits) is in docs/API-GUIA.md, written by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { TODAS_LAS_RUTAS, type DefRuta } from '@delego/contract';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DESTINO = path.join(REPO_ROOT, 'docs', 'API.md');

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

/** The JSON Schema of a Zod schema as OpenAPI shows it (/docs): the input of a request, the output of an answer. */
function jsonSchema(s: z.ZodType, io: 'input' | 'output'): Schema {
  return z.toJSONSchema(s, { io, target: 'openapi-3.0', unrepresentable: 'any', cycles: 'ref' }) as Schema;
}

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

/** `/api/v2/orden/:id` as OpenAPI writes it: `/api/v2/orden/{id}`. */
const pathOpenApi = (p: string): string => p.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const ORDEN_METODO = ['GET', 'POST', 'PUT', 'DELETE'];

const FORMA: Record<string, string> = {
  archivo: 'Responde un archivo (bytes), no JSON.',
  multipart: 'El cuerpo puede ser `multipart/form-data` (archivos).',
  websocket: 'WebSocket: la petición se convierte en el canal en vivo (no figura en `/docs`).',
};

function json(valor: unknown): string[] {
  return ['```json', JSON.stringify(valor, null, 2), '```', ''];
}

function seccion(r: DefRuta): string[] {
  const lines = [`## ${r.metodo} ${pathOpenApi(r.path)}`, '', r.summary, ''];
  if (r.description) lines.push(r.description, '');
  if (r.publica) lines.push('Sin autenticación.', '');
  if (r.forma && r.forma !== 'json') lines.push(FORMA[r.forma] ?? '', '');
  const params = [
    ...Object.keys(r.params ? (jsonSchema(r.params, 'input').properties ?? {}) : {}).map((n) => `\`${n}\` (ruta)`),
    ...Object.keys(r.querystring ? (jsonSchema(r.querystring, 'input').properties ?? {}) : {}).map(
      (n) => `\`${n}\` (consulta)`,
    ),
  ];
  if (params.length) lines.push('Parámetros: ' + params.join(', '), '');
  if (r.body) lines.push('Petición:', ...json(example(jsonSchema(r.body, 'input'))));
  const estado = r.response?.[200] ? 200 : r.response?.[201] ? 201 : undefined;
  const ok = estado ? r.response?.[estado] : undefined;
  if (ok && r.forma !== 'archivo') lines.push(`Respuesta ${estado}:`, ...json(example(jsonSchema(ok, 'output'))));
  return lines;
}

/** The whole of docs/API.md. */
function generarApiMd(rutas: readonly DefRuta[] = TODAS_LAS_RUTAS): string {
  const ordenadas = [...rutas].sort(
    (a, b) =>
      pathOpenApi(a.path).localeCompare(pathOpenApi(b.path), 'en') ||
      ORDEN_METODO.indexOf(a.metodo) - ORDEN_METODO.indexOf(b.metodo),
  );
  const lines: string[] = [
    '# API de Delego: referencia',
    '',
    '<!-- Archivo generado: no se edita a mano. -->',
    '',
    'Generado desde la tabla de rutas del contrato (`packages/contract/src/rutas`) con `npm run docs:api`',
    '(`apps/server/scripts/api-doc.ts`); `npm test` falla si quedó desactualizado. Las reglas de cada área',
    '(autenticación, errores, límites, códigos propios) están en [API-GUIA.md](API-GUIA.md); la versión',
    'interactiva, en `/docs`. Los ejemplos salen de los esquemas: muestran la forma, no datos reales.',
    '',
    `${ordenadas.length} rutas.`,
    '',
    '## Llamadas públicas',
    '',
    'Responden sin `Authorization` (ver «Llamadas públicas» en [API-GUIA.md](API-GUIA.md)).',
    '',
    ...ordenadas.filter((r) => r.publica).map((r) => `- \`${r.metodo} ${pathOpenApi(r.path)}\`: ${r.summary}`),
    '',
  ];
  for (const r of ordenadas) lines.push(...seccion(r));
  return lines.join('\n').replace(/\n+$/, '\n');
}

function main(): void {
  const texto = generarApiMd();
  if (process.argv.includes('--check')) {
    const actual = fs.existsSync(DESTINO) ? fs.readFileSync(DESTINO, 'utf8') : '';
    if (actual !== texto) {
      console.error(
        'docs/API.md no está al día con la tabla de rutas del contrato (o fue editado a mano).\n' +
          'Ejecute `npm run docs:api` y confirme el archivo que escribe; la prosa va en docs/API-GUIA.md.',
      );
      process.exit(1);
    }
    console.log(`docs/API.md al día (${TODAS_LAS_RUTAS.length} rutas).`);
    return;
  }
  fs.writeFileSync(DESTINO, texto);
  console.log(`docs/API.md: ${TODAS_LAS_RUTAS.length} rutas`);
}

main();
