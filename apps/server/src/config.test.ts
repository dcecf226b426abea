import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('usa 8080 y ./data por defecto', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('lista todos los problemas de una configuración inválida', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/port[\s\S]*databaseUrl/);
  });
});
