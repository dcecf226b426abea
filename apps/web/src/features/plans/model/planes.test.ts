import type { PlanCatalogo } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { makePlan } from '../../../test/factories';
import {
  colorEstadoPago,
  notaBaja,
  notaMejora,
  notaMejoraCorta,
  textoBotonPlan,
  textoCupoPlan,
  textoEstadoPago,
  textoGracia,
  textoPendiente,
  textoPrecioPlan,
  tipoCambio,
} from './planes';

const AR = 'America/Argentina/Buenos_Aires';

function plan(id: number, precioMensual: number, parcial: Partial<PlanCatalogo> = {}): PlanCatalogo {
  return {
    id,
    nombre: `P${id}`,
    precioMensual,
    moneda: 'ARS',
    quota: 10,
    incluye: [],
    actual: false,
    programado: false,
    ...parcial,
  };
}

describe('the planes screen rules', () => {
  it('a dearer plan is an upgrade, a cheaper or free one a downgrade, the current one neither', () => {
    const actual = plan(2, 24900, { actual: true });
    expect(tipoCambio(actual, actual)).toBe('actual');
    expect(tipoCambio(plan(3, 89900), actual)).toBe('mejora');
    expect(tipoCambio(plan(1, 0), actual)).toBe('baja');
    // Without a known current plan: a paid plan is paid now.
    expect(tipoCambio(plan(3, 89900), undefined)).toBe('mejora');
    expect(tipoCambio(plan(1, 0), undefined)).toBe('baja');
  });

  it('button texts', () => {
    expect(textoBotonPlan(plan(3, 1, { nombre: 'Empresa' }), 'mejora')).toBe('Mejorar a Empresa');
    expect(textoBotonPlan(plan(1, 0, { nombre: 'Inicial' }), 'baja')).toBe('Cambiar a Inicial');
    expect(textoBotonPlan(plan(1, 0, { programado: true }), 'baja')).toBe('Cambio programado');
    expect(textoBotonPlan(plan(2, 1, { actual: true }), 'actual')).toBe('Plan actual');
  });

  it('quota and price', () => {
    expect(textoCupoPlan(null)).toBe('Órdenes ilimitadas');
    expect(textoCupoPlan(1)).toBe('1 orden por mes');
    expect(textoCupoPlan(1000)).toBe('1.000 órdenes por mes');
    expect(textoPrecioPlan(plan(1, 0))).toBe('Gratis');
    expect(textoPrecioPlan(plan(2, 24900))).toBe('$ 24.900,00 por mes');
  });

  it('the notices of the company plan: downgrade date, grace period, scheduled change', () => {
    const estado = makePlan({ fechaProximoVencimiento: Date.UTC(2026, 11, 1, 3) });
    expect(notaBaja(estado, AR)).toBe('Se aplica en la próxima renovación, el 01/12/2026.');
    expect(notaBaja(makePlan({ fechaProximoVencimiento: null }), AR)).toBe('Se aplica en la próxima renovación.');
    expect(textoGracia(estado, AR)).toBeNull();
    expect(textoPendiente(estado, AR)).toBeNull();
    expect(textoGracia({ ...estado, gracia: { hasta: Date.UTC(2026, 10, 30, 15) } }, AR)).toContain(
      'El plan se mantiene hasta el 30/11/2026; después la empresa pasa al plan gratuito.',
    );
    expect(
      textoPendiente({ ...estado, pendiente: { planNombre: 'Inicial', desde: Date.UTC(2026, 11, 1, 3) } }, AR),
    ).toBe('La empresa pasará al plan Inicial el 01/12/2026, en la próxima renovación.');
  });

  it('payment states in Spanish, with a colour each', () => {
    expect(textoEstadoPago('contracargo')).toBe('Contracargo');
    expect(colorEstadoPago('aprobado')).toBe('success');
    expect(colorEstadoPago('pendiente')).toBe('warning');
    expect(colorEstadoPago('rechazado')).toBe('danger');
    expect(colorEstadoPago('reembolsado')).toBe('medium');
  });
});

describe('notaMejora (issue 36: an upgrade starts a new period, said before paying)', () => {
  const ahora = new Date('2026-11-26T15:00:00Z');
  const empresa = plan(3, 89900, { nombre: 'Empresa', quota: 1000 });

  it('from a paid plan four days before its renewal: the whole month today, the new renewal date, the days left', () => {
    const pyme = plan(2, 24900, { nombre: 'Pyme' });
    const texto = notaMejora(empresa, pyme, { fechaProximoVencimiento: Date.parse('2026-11-30T15:00:00Z') }, AR, ahora);
    expect(texto).toContain('Hoy se cobra');
    expect(texto).toContain('89.900');
    expect(texto).toContain('el mes entero, y empieza un período nuevo');
    expect(texto).toContain('con 1.000 órdenes disponibles, y se renueva el 26/12/2026.');
    expect(texto).toContain('El período pago del plan Pyme (hasta el 30/11/2026) termina hoy');
  });

  it('from the free plan there is no paid period to speak of; unlimited says so', () => {
    const inicial = plan(1, 0, { nombre: 'Inicial' });
    const ilimitado = plan(4, 179900, { nombre: 'Ilimitado', quota: null });
    const texto = notaMejora(
      ilimitado,
      inicial,
      { fechaProximoVencimiento: Date.parse('2026-11-30T15:00:00Z') },
      AR,
      ahora,
    );
    expect(texto).toContain('con órdenes ilimitadas, y se renueva el 26/12/2026.');
    expect(texto).not.toContain('termina hoy');
  });

  it('the short line of the card says until when', () => {
    expect(notaMejoraCorta(AR, ahora)).toBe(
      'Se cobra hoy el mes entero y empieza un período nuevo, hasta el 26/12/2026.',
    );
  });
});
