import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { entidades } from './entidades.tables.js';

export class EntidadesRepository {
  constructor(private readonly db: DbOrTx) {}

  async find(entidadId: number): Promise<{ id: number; nombre: string; logo: string | null } | undefined> {
    const rows = await this.db
      .select({ id: entidades.id, nombre: entidades.nombre, logo: entidades.logo })
      .from(entidades)
      .where(eq(entidades.id, entidadId))
      .limit(1);
    return rows[0];
  }

  async setLogo(entidadId: number, logo: string | null): Promise<void> {
    await this.db.update(entidades).set({ logo }).where(eq(entidades.id, entidadId));
  }
}
