import { describe, expect, it } from 'vitest';
import { zErrorBody } from './common.js';
import { CODIGOS_ERROR, ESTADO_DE_CODIGO, zCodigoError } from './errores.js';

describe('error codes', () => {
  it('each code has an error status', () => {
    for (const c of CODIGOS_ERROR) expect(ESTADO_DE_CODIGO[c]).toBeGreaterThanOrEqual(400);
  });

  it('the error body takes only the codes of the contract', () => {
    expect(zCodigoError.safeParse('NO_ENCONTRADO').success).toBe(true);
    expect(zErrorBody.safeParse({ code: 'INVENTADO', message: 'x', requestId: 'r' }).success).toBe(false);
  });
});
