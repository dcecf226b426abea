import type { Db } from '../../db/client.js';
import { EntidadesRepository } from './entidades.repository.js';

export class EntidadesService {
  private readonly repo: EntidadesRepository;
  constructor(db: Db) {
    this.repo = new EntidadesRepository(db);
  }

  find(entidadId: number) {
    return this.repo.find(entidadId);
  }
}
