import { ZONA_HORARIA_EMPRESA_POR_DEFECTO as AR } from '@delego/contract';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeOperario, makePlan, makePropietario, makeSupervisor } from '../../test/factories';
import {
  colorBarra,
  cupoAgotado,
  modeloCupoAgotado,
  modeloPanelPlan,
  mostrarActualizarPlan,
  mostrarPanelPlan,
  proporcionDisponible,
  textoCupo,
  textoRenovacion,
  tituloPlan,
} from './plan-rules';

describe('plan panel: when it is shown', () => {
  it('is shown to a user who can create orders, with a named plan, not on iOS', () => {
    expect(mostrarPanelPlan(makeSupervisor(), makePlan(), false)).toBe(true);
  });

  it('is hidden from a user without crearOrden', () => {
    expect(mostrarPanelPlan(makeOperario(), makePlan(), false)).toBe(false);
  });

  it('is hidden when there is no plan or the plan has no name', () => {
    expect(mostrarPanelPlan(makeSupervisor(), null, false)).toBe(false);
    expect(mostrarPanelPlan(makeSupervisor(), undefined, false)).toBe(false);
    expect(mostrarPanelPlan(makeSupervisor(), makePlan({ nombre: '' }), false)).toBe(false);
    expect(mostrarPanelPlan(makeSupervisor(), makePlan({ nombre: '  ' }), false)).toBe(false);
  });

  it('is hidden on iOS', () => {
    expect(mostrarPanelPlan(makePropietario(), makePlan(), true)).toBe(false);
    expect(modeloPanelPlan(makePropietario(), makePlan(), true, AR)).toBeNull();
  });
});

describe('plan panel: texts', () => {
  it("reads 'Plan {name}'", () => {
    expect(tituloPlan(makePlan({ nombre: 'Pyme' }))).toBe('Plan Pyme');
  });

  it("reads '{available} de {quota} órdenes disponibles'", () => {
    expect(textoCupo(makePlan({ quota: 100, quotaDisponible: 100 }))).toBe('100 de 100 órdenes disponibles');
    expect(textoCupo(makePlan({ quota: 100, quotaDisponible: 0 }))).toBe('0 de 100 órdenes disponibles');
  });

  it("reads 'Ordenes ilimitadas' when the quota is empty", () => {
    expect(textoCupo(makePlan({ quota: null, quotaDisponible: null }))).toBe('Ordenes ilimitadas');
  });

  it("reads 'Próxima renovación el dd/MM/yyyy' from fechaProximoVencimiento", () => {
    // Noon UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(textoRenovacion(makePlan({ fechaProximoVencimiento: Date.UTC(2025, 2, 5, 12) }), AR)).toBe(
      'Próxima renovación el 05/03/2025',
    );
  });

  it('has no renewal line without a date', () => {
    expect(textoRenovacion(makePlan({ fechaProximoVencimiento: null }), AR)).toBeNull();
  });
});

describe('plan panel: progress bar', () => {
  it('is the available share of the quota', () => {
    expect(proporcionDisponible(makePlan({ quota: 100, quotaDisponible: 40 }))).toBe(0.4);
    expect(proporcionDisponible(makePlan({ quota: 100, quotaDisponible: 100 }))).toBe(1);
  });

  it('stays between 0 and 1, and is full for an unlimited plan', () => {
    expect(proporcionDisponible(makePlan({ quota: 10, quotaDisponible: 12 }))).toBe(1);
    expect(proporcionDisponible(makePlan({ quota: 10, quotaDisponible: -2 }))).toBe(0);
    expect(proporcionDisponible(makePlan({ quota: 0, quotaDisponible: 0 }))).toBe(0);
    expect(proporcionDisponible(makePlan({ quota: null, quotaDisponible: null }))).toBe(1);
  });

  it('is danger under 0.15 and primary from 0.15 on', () => {
    expect(colorBarra(0)).toBe('danger');
    expect(colorBarra(0.149)).toBe('danger');
    expect(colorBarra(0.15)).toBe('primary');
    expect(colorBarra(1)).toBe('primary');
    expect(modeloPanelPlan(makeSupervisor(), makePlan({ quota: 100, quotaDisponible: 14 }), false, AR)?.color).toBe(
      'danger',
    );
    expect(modeloPanelPlan(makeSupervisor(), makePlan({ quota: 100, quotaDisponible: 15 }), false, AR)?.color).toBe(
      'primary',
    );
  });
});

describe("plan panel: 'Actualizar plan'", () => {
  it('is offered to ADMIN and PROPIETARIO only', () => {
    expect(mostrarActualizarPlan(makeAdmin())).toBe(true);
    expect(mostrarActualizarPlan(makePropietario())).toBe(true);
    expect(mostrarActualizarPlan(makeSupervisor())).toBe(false);
    expect(modeloPanelPlan(makeSupervisor(), makePlan(), false, AR)?.mostrarActualizar).toBe(false);
    expect(modeloPanelPlan(makeAdmin(), makePlan(), false, AR)?.mostrarActualizar).toBe(true);
  });
});

describe('modeloPanelPlan', () => {
  it('gathers everything the panel shows', () => {
    const plan = makePlan({
      nombre: 'Pyme',
      quota: 100,
      quotaDisponible: 100,
      fechaProximoVencimiento: Date.UTC(2025, 11, 31, 12),
    });
    expect(modeloPanelPlan(makePropietario(), plan, false, AR)).toEqual({
      titulo: 'Plan Pyme',
      cupo: '100 de 100 órdenes disponibles',
      proporcion: 1,
      color: 'primary',
      renovacion: 'Próxima renovación el 31/12/2025',
      mostrarActualizar: true,
    });
  });
});

describe('quota exhausted on the new-order screen (issue 36)', () => {
  it('only a limited plan with nothing left is exhausted', () => {
    expect(cupoAgotado(makePlan({ quotaDisponible: 0 }))).toBe(true);
    expect(cupoAgotado(makePlan({ quotaDisponible: null }))).toBe(true);
    expect(cupoAgotado(makePlan({ quotaDisponible: 1 }))).toBe(false);
    expect(cupoAgotado(makePlan({ quota: null, quotaDisponible: null }))).toBe(false);
    expect(cupoAgotado(null)).toBe(false);
    expect(cupoAgotado(undefined)).toBe(false);
  });

  it('offers «Actualizar plan» to admins and owners, not on iOS; the others read whom to ask', () => {
    const plan = makePlan({
      quota: 20,
      quotaDisponible: 0,
      nombre: 'Inicial',
      fechaProximoVencimiento: Date.UTC(2026, 11, 15, 15),
    });
    const dueno = modeloCupoAgotado(makePropietario(), plan, false, AR);
    expect(dueno).toEqual({
      titulo: 'No quedan órdenes en el plan',
      texto:
        'La empresa ya usó las 20 órdenes de este mes del plan Inicial. Se renueva el 15/12/2026. Para crear órdenes antes, actualice el plan.',
      mostrarActualizar: true,
    });
    expect(modeloCupoAgotado(makeAdmin(), plan, false, AR)?.mostrarActualizar).toBe(true);
    expect(modeloCupoAgotado(makePropietario(), plan, true, AR)?.mostrarActualizar).toBe(false);
    const supervisor = modeloCupoAgotado(makeSupervisor(), plan, false, AR);
    expect(supervisor?.mostrarActualizar).toBe(false);
    expect(supervisor?.texto).toContain('pida a un administrador que actualice el plan');
    expect(modeloCupoAgotado(makeSupervisor(), makePlan({ quotaDisponible: 3 }), false, AR)).toBeNull();
    const empresa = modeloCupoAgotado(makeSupervisor(), makePlan({ quota: 1000, quotaDisponible: 0 }), false, AR);
    expect(empresa?.texto).toContain('ya usó las 1.000 órdenes');
  });
});
