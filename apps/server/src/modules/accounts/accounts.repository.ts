import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../kernel/db/client.js';
import { firstRow } from '../../lib/queries.js';
import { cuentaTokens } from './accounts.tables.js';

export type TipoToken = 'confirmacion' | 'recuperacion' | 'invitacion';

export interface TokenRow {
  id: number;
  usuarioId: number;
  tipo: TipoToken;
  vence: Date;
  usado: Date | null;
}

/**
 * The tokens of mailed links. There is no company to filter by here: a token belongs to a user
 * and names them, and these calls run without a login (docs/CORREO.md).
 */
export class AccountsRepository {
  constructor(private readonly db: DbOrTx) {}

  async insertToken(v: { usuarioId: number; tipo: TipoToken; hash: string; vence: Date; creado: Date }): Promise<void> {
    await this.db.insert(cuentaTokens).values(v);
  }

  findToken(hash: string): Promise<TokenRow | undefined> {
    const { id, usuarioId, tipo, vence, usado } = cuentaTokens;
    return firstRow(
      this.db.select({ id, usuarioId, tipo, vence, usado }).from(cuentaTokens).where(eq(cuentaTokens.hash, hash)),
    );
  }

  /** Spends one token; false when it was already spent (a concurrent use won). */
  async spend(id: number, ahora: Date): Promise<boolean> {
    const r = await this.db
      .update(cuentaTokens)
      .set({ usado: ahora })
      .where(and(eq(cuentaTokens.id, id), isNull(cuentaTokens.usado)))
      .returning({ id: cuentaTokens.id });
    return r.length > 0;
  }

  /** Spends every unspent token of these kinds of the user. */
  async spendAll(usuarioId: number, tipos: readonly TipoToken[], ahora: Date): Promise<void> {
    await this.db
      .update(cuentaTokens)
      .set({ usado: ahora })
      .where(
        and(eq(cuentaTokens.usuarioId, usuarioId), inArray(cuentaTokens.tipo, [...tipos]), isNull(cuentaTokens.usado)),
      );
  }

  /** Tokens of a kind issued to the user since `desde` (the per-account cap on mails). */
  async countSince(usuarioId: number, tipo: TipoToken, desde: Date): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cuentaTokens)
      .where(and(eq(cuentaTokens.usuarioId, usuarioId), eq(cuentaTokens.tipo, tipo), gte(cuentaTokens.creado, desde)));
    return rows[0]?.n ?? 0;
  }

  /** Tokens that expired before `antes` go (spent or not, they answer nothing anymore). */
  async deleteExpired(antes: Date): Promise<void> {
    await this.db.delete(cuentaTokens).where(lt(cuentaTokens.vence, antes));
  }

  /**
   * Serialises, across instances and until the transaction ends, the sign-ups of one email or one
   * login name (two at once cannot both find it free; a sign-up takes the email's lock first, then
   * the login's) or the mails of one account (two cannot both pass its cap).
   */
  async lock(clave: { email: string } | { usuario: string } | { usuarioId: number }): Promise<void> {
    const texto =
      'email' in clave
        ? `registro:${clave.email.toLowerCase()}`
        : 'usuario' in clave
          ? `registro-usuario:${clave.usuario.toLowerCase()}`
          : `correos:${clave.usuarioId}`;
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${texto}))`);
  }
}
