import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Cliente } from '@delego/contract';
import type { DbOrTx } from '../../kernel/db/client.js';
import { filaInsertada, firstRow, hasRow, whereId } from '../../lib/queries.js';
import { clientes } from './clients.tables.js';

const columnas = {
  id: clientes.id,
  nombre: clientes.nombre,
  cuit: clientes.cuit,
  contacto: clientes.contacto,
  email: clientes.email,
  telefono: clientes.telefono,
  direccion: clientes.direccion,
  notas: clientes.notas,
  activo: clientes.activo,
};

export type ClienteDatos = Omit<Cliente, 'id'>;

export class ClientsRepository {
  constructor(private readonly db: DbOrTx) {}

  list(entidadId: number): Promise<Cliente[]> {
    return this.db
      .select(columnas)
      .from(clientes)
      .where(eq(clientes.entidadId, entidadId))
      .orderBy(asc(sql`lower(${clientes.nombre})`), asc(clientes.id));
  }

  find(entidadId: number, id: number): Promise<Cliente | undefined> {
    return firstRow(
      this.db
        .select(columnas)
        .from(clientes)
        .where(whereId(clientes, entidadId, id)),
    );
  }

  /** Whether another client of the company already has this name (any case). */
  nameTaken(entidadId: number, nombre: string, exceptId?: number): Promise<boolean> {
    return hasRow(
      this.db
        .select({ id: clientes.id })
        .from(clientes)
        .where(
          and(
            eq(clientes.entidadId, entidadId),
            eq(sql`lower(${clientes.nombre})`, nombre.toLowerCase()),
            exceptId === undefined ? undefined : ne(clientes.id, exceptId),
          ),
        ),
    );
  }

  async insert(entidadId: number, v: ClienteDatos): Promise<number> {
    const row = await filaInsertada(
      this.db
        .insert(clientes)
        .values({ ...v, entidadId })
        .returning({ id: clientes.id }),
      'cliente no creado',
    );
    return row.id;
  }

  async update(entidadId: number, id: number, v: ClienteDatos): Promise<void> {
    await this.db
      .update(clientes)
      .set(v)
      .where(whereId(clientes, entidadId, id));
  }
}
