import { describe, expect, it } from 'vitest';
import { zReglaRecurrencia } from '@delego/contract';
import { REGLA_INICIAL, reglaDe, reglaEnFormulario, textoDeRegla } from './regla';

describe('reglas en la pantalla de mantenimiento', () => {
  it('dice cada regla en palabras', () => {
    expect(textoDeRegla({ tipo: 'dias', cada: 1 })).toBe('Todos los días');
    expect(textoDeRegla({ tipo: 'dias', cada: 3 })).toBe('Cada 3 días');
    expect(textoDeRegla({ tipo: 'semanas', cada: 2, diasSemana: [5, 1, 1] })).toBe('Cada 2 semanas: lunes, viernes');
    expect(textoDeRegla({ tipo: 'meses', cada: 1, dia: 31 })).toBe('Cada mes, el último día');
    expect(textoDeRegla({ tipo: 'meses', cada: 3, dia: 5 })).toBe('Cada 3 meses, el día 5');
    expect(textoDeRegla({ tipo: 'tras_finalizar', dias: 15 })).toBe('15 días después de finalizar la anterior');
    expect(textoDeRegla({ tipo: 'tras_finalizar', dias: 1 })).toBe('1 día después de finalizar la anterior');
  });

  it('arma la regla del formulario, que el contrato valida', () => {
    expect(reglaDe(REGLA_INICIAL)).toEqual({ tipo: 'meses', cada: 1, dia: 1 });
    expect(reglaDe({ ...REGLA_INICIAL, tipo: 'tras_finalizar', cada: '10' })).toEqual({
      tipo: 'tras_finalizar',
      dias: 10,
    });
    expect(zReglaRecurrencia.safeParse(reglaDe({ ...REGLA_INICIAL, tipo: 'dias', cada: '0' })).success).toBe(false);
    expect(zReglaRecurrencia.safeParse(reglaDe({ ...REGLA_INICIAL, cada: 'x' })).success).toBe(false);
  });

  it('vuelve a poner en el formulario la regla guardada de cada tipo (editar un plan)', () => {
    const reglas = [
      { tipo: 'dias', cada: 3 },
      { tipo: 'semanas', cada: 2, diasSemana: [1, 5] },
      { tipo: 'meses', cada: 1, dia: 31 },
      { tipo: 'tras_finalizar', dias: 15 },
    ] as const;
    for (const r of reglas) expect(reglaDe(reglaEnFormulario(zReglaRecurrencia.parse(r)))).toEqual(r);
    expect(reglaEnFormulario({ tipo: 'tras_finalizar', dias: 15 })).toMatchObject({
      tipo: 'tras_finalizar',
      cada: '15',
    });
  });
});
