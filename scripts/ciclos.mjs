// Import cycles between modules (issue 29). Each folder given is a set of modules: every direct
// subfolder is one module (apps/web/src/features/orders, apps/server/src/modules/orders). The
// script reads the relative imports of every source file below the folder (static, `export ...
// from`, `import type` and `import()`: a cycle of types or of lazy screens still ties two modules
// together), keeps those that land in another module of the same folder, and fails if the modules
// depend on each other in a circle. A test file may borrow another module's test helpers
// (docs/CONVENTIONS.md), so `*.test.*` files are left out.
//
//   node scripts/ciclos.mjs                    (the folders of CARPETAS: what `npm run lint` checks)
//   node scripts/ciclos.mjs apps/server/src/modules [...]
//   node scripts/ciclos.mjs --grafo apps/web/src/features   (also prints every dependency)
//
// Without dependencies, so that `npm test` can run it before anything is installed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What `npm run lint` (so `npm test` and `npm run check`) keeps free of cycles. */
const CARPETAS = ['apps/web/src/features', 'apps/web/src/domain', 'apps/server/src/modules'];
/**
 * The server's tables (`*.tables.ts`) are the database's schema, one layer below every module: a
 * foreign key, or a repository's read JOIN, may name another module's table (ESLint allows only
 * that), so an import that starts or lands in a tables file is not a dependency between modules.
 */
const CAPA_DE_ESQUEMA = /\.tables\.ts$/;
const FUENTES = /\.(m?[jt]sx?|cts|cjs)$/;
const PRUEBA = /\.test\.[a-z]+$/;
const EXTENSIONES = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

/** Every source file below `dir` (no node_modules, no dist, no tests). */
function fuentes(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...fuentes(p));
    else if (FUENTES.test(e.name) && !PRUEBA.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The relative specifiers a file imports, with their line. Comments are blanked first (keeping lines). */
export function especificadores(texto) {
  const limpio = texto
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (c, antes) => antes);
  const out = [];
  const patrones = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bvi\.mock\s*\(\s*['"]([^'"]+)['"]/g,
  ];
  for (const re of patrones) {
    for (const m of limpio.matchAll(re)) {
      if (!m[1].startsWith('.')) continue;
      const linea = limpio.slice(0, m.index).split('\n').length;
      out.push({ spec: m[1], linea });
    }
  }
  return out;
}

/** The file an import lands on: `./x` is x.ts, x.tsx, x/index.ts...; `./x.js` may be x.ts (NodeNext). */
function resolver(desde, spec) {
  const base = path.resolve(path.dirname(desde), spec);
  const candidatos = [
    base,
    ...EXTENSIONES.map((e) => base + e),
    ...EXTENSIONES.map((e) => path.join(base, 'index' + e)),
  ];
  if (/\.[mc]?jsx?$/.test(base)) {
    const sin = base.replace(/\.([mc]?)js(x?)$/, '');
    candidatos.push(sin + '.ts', sin + '.tsx', sin + '.mts');
  }
  return candidatos.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
}

/** The module (direct subfolder of `raiz`) a file belongs to, or undefined if it is outside them. */
function moduloDe(raiz, archivo) {
  const rel = path.relative(raiz, archivo);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const partes = rel.split(path.sep);
  return partes.length > 1 ? partes[0] : undefined;
}

/** The graph between the modules of `raiz`: Map<from, Map<to, example "file:line → spec">>. */
export function grafo(raiz) {
  const aristas = new Map();
  for (const archivo of fuentes(raiz)) {
    const origen = moduloDe(raiz, archivo);
    if (!origen || CAPA_DE_ESQUEMA.test(archivo)) continue;
    for (const { spec, linea } of especificadores(fs.readFileSync(archivo, 'utf8'))) {
      const destino = resolver(archivo, spec);
      const modulo = destino && !CAPA_DE_ESQUEMA.test(destino) && moduloDe(raiz, destino);
      if (!modulo || modulo === origen) continue;
      if (!aristas.has(origen)) aristas.set(origen, new Map());
      const hacia = aristas.get(origen);
      if (!hacia.has(modulo)) hacia.set(modulo, []);
      hacia.get(modulo).push(`${path.relative(ROOT, archivo)}:${linea} → '${spec}'`);
    }
  }
  return aristas;
}

/** Strongly connected components with more than one module (Tarjan): each one is a knot of cycles. */
export function nudos(aristas) {
  const indice = new Map();
  const bajo = new Map();
  const pila = [];
  const enPila = new Set();
  const out = [];
  let n = 0;
  const visitar = (v) => {
    indice.set(v, n);
    bajo.set(v, n++);
    pila.push(v);
    enPila.add(v);
    for (const w of aristas.get(v)?.keys() ?? []) {
      if (!indice.has(w)) {
        visitar(w);
        bajo.set(v, Math.min(bajo.get(v), bajo.get(w)));
      } else if (enPila.has(w)) bajo.set(v, Math.min(bajo.get(v), indice.get(w)));
    }
    if (bajo.get(v) === indice.get(v)) {
      const comp = [];
      let w;
      do {
        w = pila.pop();
        enPila.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of [...aristas.keys()].sort()) if (!indice.has(v)) visitar(v);
  return out;
}

/** One shortest cycle through `inicio` inside `comp` (breadth-first), as a list of modules. */
function cicloDesde(aristas, comp, inicio) {
  const dentro = new Set(comp);
  const previo = new Map([[inicio, null]]);
  const cola = [inicio];
  while (cola.length) {
    const v = cola.shift();
    for (const w of aristas.get(v)?.keys() ?? []) {
      if (!dentro.has(w)) continue;
      if (w === inicio) {
        const camino = [v];
        for (let p = previo.get(v); p; p = previo.get(p)) camino.unshift(p);
        return [...camino, inicio];
      }
      if (!previo.has(w)) {
        previo.set(w, v);
        cola.push(w);
      }
    }
  }
  return [inicio];
}

function main(argv) {
  const verGrafo = argv.includes('--grafo');
  const dadas = argv.filter((a) => !a.startsWith('--'));
  const carpetas = dadas.length > 0 ? dadas : CARPETAS;
  let fallos = 0;
  for (const carpeta of carpetas) {
    const raiz = path.resolve(ROOT, carpeta);
    if (!fs.existsSync(raiz)) {
      console.error(`✗ ${carpeta}: no existe.`);
      fallos++;
      continue;
    }
    const aristas = grafo(raiz);
    if (verGrafo) {
      for (const [desde, hacia] of [...aristas].sort())
        console.log(`${desde} → ${[...hacia.keys()].sort().join(', ')}`);
    }
    const encontrados = nudos(aristas);
    if (encontrados.length === 0) {
      const modulos = fs.readdirSync(raiz, { withFileTypes: true }).filter((d) => d.isDirectory()).length;
      console.log(`✓ ${carpeta}: sin ciclos entre sus ${modulos} módulos.`);
      continue;
    }
    fallos += encontrados.length;
    for (const comp of encontrados) {
      const ciclo = cicloDesde(aristas, comp, comp[0]);
      console.error(`✗ ${carpeta}: ciclo entre ${comp.join(', ')} (por ejemplo ${ciclo.join(' → ')})`);
      // Every dependency inside the knot: breaking the cycle means removing one of them at least.
      for (const desde of comp) {
        for (const [hacia, ejemplos] of [...(aristas.get(desde) ?? [])].sort()) {
          if (!comp.includes(hacia)) continue;
          console.error(`  ${desde} → ${hacia}`);
          for (const ej of ejemplos) console.error(`    ${ej}`);
        }
      }
    }
  }
  if (fallos > 0) {
    console.error(
      '\nUn módulo no puede depender de otro que depende de él: baje lo compartido a una capa de abajo ' +
        '(en la web, src/domain/) o deje que la raíz de composición (src/app/) los junte.',
    );
  }
  return fallos > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
