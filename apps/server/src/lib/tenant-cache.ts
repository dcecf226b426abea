/**
 * Lists cached per company (and a key within it), emptied as a whole for one company when its
 * data changes or a client asks (GET /api/v2/clientes/cache/clean).
 */
export class TenantCache<T> {
  private readonly byEntidad = new Map<number, Map<string, T>>();

  get(entidadId: number, key: string): T | undefined {
    return this.byEntidad.get(entidadId)?.get(key);
  }

  set(entidadId: number, key: string, value: T): void {
    let m = this.byEntidad.get(entidadId);
    if (!m) this.byEntidad.set(entidadId, (m = new Map()));
    m.set(key, value);
  }

  async getOrLoad(entidadId: number, key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.get(entidadId, key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(entidadId, key, value);
    return value;
  }

  clear(entidadId: number): void {
    this.byEntidad.delete(entidadId);
  }
}
