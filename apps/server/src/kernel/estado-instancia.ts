/**
 * Where this instance is in its life, for readiness (`/api/health/ready`, docs/DESPLIEGUE.md):
 * `migrando` until the database is migrated, `lista` while it serves, `drenando` from SIGTERM on
 * (main.ts): a balancer sends new traffic elsewhere while the requests in flight finish.
 */
export type FaseInstancia = 'migrando' | 'lista' | 'drenando';

export class EstadoInstancia {
  constructor(private actual: FaseInstancia = 'lista') {}

  get fase(): FaseInstancia {
    return this.actual;
  }

  lista(): void {
    if (this.actual === 'migrando') this.actual = 'lista';
  }

  /** From here on the instance never says ready again. */
  drenar(): void {
    this.actual = 'drenando';
  }
}
