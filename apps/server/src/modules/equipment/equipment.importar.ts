import {
  COLUMNAS_IMPORTAR_EQUIPOS,
  LIMITES_EQUIPOS,
  LIMITES_IMPORTACION,
  zEquipoGuardar,
  type FilaImportada,
  type ImportarResultado,
  type zImportarEquipos,
} from '@delego/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Actor } from '../../kernel/actor.js';
import type { Db } from '../../kernel/db/client.js';
import { AppError } from '../../kernel/errors.js';
import { normalizarTexto } from '../../lib/busqueda.js';
import { leerTabla } from '../../lib/tabla-importada.js';
import { EquipmentRepository, type EquipoDatos } from './equipment.repository.js';

/** A checked row: what it stores, and the site it names when that site is still to be created. */
interface FilaValida {
  fila: number;
  datos: Omit<EquipoDatos, 'ubicacionId'> & { ubicacionId: number | null };
  /** The name of a site of the client that does not exist yet: created with the import. */
  ubicacionNueva: string | null;
}

const clave = (s: string) => normalizarTexto(s.trim());

/**
 * POST /api/v4/equipos/importar (issue 32, docs/EQUIPOS.md «Importar»). Each row is checked with
 * the form's schema (zEquipoGuardar); `cliente` is a client's id or name, `ubicacion` a site's code
 * or name within that client (a site that does not exist is created, once, with that name); codes
 * are unique in the company and in the file. Without `confirmar` nothing is written; with it,
 * every row is inserted in one transaction, or none: a row with errors refuses the whole file
 * (409 with each row's errors), and so does a code taken meanwhile (the transaction rolls back).
 */
export async function importarEquipos(
  db: Db,
  actor: Actor,
  pedido: z.output<typeof zImportarEquipos>,
  nuevoCodigoQr: () => string,
): Promise<ImportarResultado> {
  const tabla = await leerTabla(pedido.nombreArchivo, pedido.contenido, {
    columnas: COLUMNAS_IMPORTAR_EQUIPOS,
    obligatorias: ['cliente', 'nombre'],
    maxBytes: LIMITES_IMPORTACION.maxBytes,
    maxFilas: LIMITES_EQUIPOS.importarFilas,
  });
  const repo = new EquipmentRepository(db);
  const clientes = (
    await db.execute<{ id: number; nombre: string }>(
      sql`select id, nombre from clientes where entidad_id = ${actor.entidadId}`,
    )
  ).rows.map((c) => ({ id: Number(c.id), nombre: c.nombre }));
  const clientePorId = new Map(clientes.map((c) => [c.id, c]));
  const clientePorNombre = new Map(clientes.map((c) => [clave(c.nombre), c]));
  const sitios = await repo.ubicacionesDeClientes(
    actor.entidadId,
    clientes.map((c) => c.id),
  );
  const sitioDe = (clienteId: number, texto: string): number | undefined => {
    const k = clave(texto);
    const deCliente = sitios.filter((s) => s.clienteId === clienteId);
    return (
      deCliente.find((s) => s.codigo != null && clave(s.codigo) === k) ?? deCliente.find((s) => clave(s.nombre) === k)
    )?.id;
  };
  const codigosTomados = await repo.codigosDeEquipos(actor.entidadId);
  const codigosDelArchivo = new Map<string, number>();

  const validas: FilaValida[] = [];
  const filas: FilaImportada[] = tabla.filas.map(({ fila, valores }) => {
    const datos: Record<string, string> = {};
    tabla.columnas.forEach((c, i) => {
      const v = (valores[i] ?? '').trim();
      if (v !== '') datos[c] = v;
    });
    const errores: { campo: string; mensaje: string }[] = [];
    const textoCliente = datos['cliente'] ?? '';
    const cliente = /^\d{1,10}$/.test(textoCliente)
      ? clientePorId.get(Number(textoCliente))
      : clientePorNombre.get(clave(textoCliente));
    if (!textoCliente) errores.push({ campo: 'cliente', mensaje: 'Falta el cliente (su nombre o su número).' });
    else if (!cliente) errores.push({ campo: 'cliente', mensaje: `No hay un cliente «${textoCliente}».` });
    const leido = zEquipoGuardar.safeParse({
      nombre: datos['nombre'] ?? '',
      codigo: datos['codigo'],
      cliente: cliente?.id ?? 1,
      ubicacionInterna: datos['ubicacioninterna'],
      marca: datos['marca'],
      modelo: datos['modelo'],
      serie: datos['serie'],
      notas: datos['notas'],
    });
    if (!leido.success) {
      for (const i of leido.error.issues) {
        const campo = String(i.path[0] ?? 'fila');
        errores.push({ campo: campo === 'ubicacionInterna' ? 'ubicacioninterna' : campo, mensaje: i.message });
      }
    }
    const codigo = leido.success ? (leido.data.codigo ?? null) : null;
    if (codigo) {
      const k = codigo.toLowerCase();
      const antes = codigosDelArchivo.get(k);
      if (codigosTomados.has(k))
        errores.push({ campo: 'codigo', mensaje: `Ya hay un equipo con el código «${codigo}».` });
      else if (antes !== undefined)
        errores.push({ campo: 'codigo', mensaje: `El código «${codigo}» ya está en la fila ${antes} del archivo.` });
      else codigosDelArchivo.set(k, fila);
    }
    const textoUbicacion = datos['ubicacion'];
    if (textoUbicacion && textoUbicacion.length > LIMITES_EQUIPOS.nombre) {
      errores.push({ campo: 'ubicacion', mensaje: `La ubicación admite hasta ${LIMITES_EQUIPOS.nombre} caracteres.` });
    }
    if (errores.length || !leido.success || !cliente) return { fila, estado: 'error', datos, errores };
    const ubicacionId = textoUbicacion ? (sitioDe(cliente.id, textoUbicacion) ?? null) : null;
    const e = leido.data;
    validas.push({
      fila,
      datos: {
        clienteId: cliente.id,
        ubicacionId,
        nombre: e.nombre,
        codigo,
        ubicacionInterna: e.ubicacionInterna ?? null,
        marca: e.marca ?? null,
        modelo: e.modelo ?? null,
        serie: e.serie ?? null,
        notas: e.notas ?? null,
      },
      ubicacionNueva: textoUbicacion && ubicacionId === null ? textoUbicacion : null,
    });
    return { fila, estado: 'ok', datos, errores: [] };
  });
  const conErrores = filas.length - validas.length;
  const resultado = { filas, validas: validas.length, conErrores, importadas: 0 };
  if (!pedido.confirmar) return resultado;
  if (conErrores) {
    throw new AppError(
      'CONFLICTO',
      `No se importó ninguna fila: ${conErrores === 1 ? 'una fila tiene' : `${conErrores} filas tienen`} errores. Corríjalas y vuelva a intentar.`,
      {
        field: 'archivo',
        issues: filas.flatMap((f) =>
          f.errores.map((e) => ({ field: `fila.${f.fila}.${e.campo}`, message: e.mensaje })),
        ),
      },
    );
  }

  await db.transaction(async (tx) => {
    const r = new EquipmentRepository(tx);
    const tomados = await r.codigosDeEquipos(actor.entidadId);
    const tomada = validas.find((v) => v.datos.codigo && tomados.has(v.datos.codigo.toLowerCase()));
    if (tomada) {
      throw new AppError(
        'CONFLICTO',
        `Mientras tanto se cargó un equipo con el código «${tomada.datos.codigo}» (fila ${tomada.fila}): no se importó ninguna fila.`,
        { field: 'archivo' },
      );
    }
    const creadas = new Map<string, number>();
    const nuevos: (EquipoDatos & { codigoQr: string })[] = [];
    for (const v of validas) {
      let ubicacionId = v.datos.ubicacionId;
      if (v.ubicacionNueva) {
        const k = `${v.datos.clienteId}:${clave(v.ubicacionNueva)}`;
        ubicacionId = creadas.get(k) ?? null;
        if (ubicacionId === null) {
          ubicacionId = await r.insertUbicacion(
            actor.entidadId,
            { clienteId: v.datos.clienteId, nombre: v.ubicacionNueva, codigo: null, direccion: null, notas: null },
            nuevoCodigoQr(),
          );
          creadas.set(k, ubicacionId);
        }
      }
      nuevos.push({ ...v.datos, ubicacionId, codigoQr: nuevoCodigoQr() });
    }
    await r.insertEquipos(actor.entidadId, nuevos);
  });
  return { ...resultado, importadas: validas.length };
}
