import { describe, expect, it } from 'vitest';
import { finDelDia, type Persona } from '@delego/contract';
import {
  cargaPorResponsable,
  diaDeSemana,
  fechaFinMovida,
  lunesDe,
  moverAncla,
  porDia,
  rangoDeVista,
  semanaDe,
  semanasDelMes,
  sumarMeses,
  tituloDeVista,
} from './grilla';
import type { OrdenEnVista, ProgramadaEnVista } from './respuesta';

const BA = 'America/Argentina/Buenos_Aires';
const ana: Persona = { id: 1, usuario: 'ana', nombre: 'Ana', apellido: '' };
const beto: Persona = { id: 2, usuario: 'beto', nombre: 'Beto', apellido: '' };
const orden = (id: number, fechaFin: number, responsables: Persona[] = []): OrdenEnVista => ({
  id,
  numero: id,
  titulo: `Orden ${id}`,
  fechaFin,
  estado: { id: 1, nombre: 'Pendiente', color: '#000' },
  responsables,
  editable: true,
});
const programada = (fecha: number, responsables: Persona[]): ProgramadaEnVista => ({
  planId: 9,
  titulo: 'Plan',
  fecha,
  estado: 'programada',
  cliente: null,
  responsables,
});

describe('semanas que empiezan el lunes', () => {
  it('el lunes de cada día, y domingo es el último', () => {
    expect(diaDeSemana('2026-03-02')).toBe(0);
    expect(diaDeSemana('2026-03-08')).toBe(6);
    expect(lunesDe('2026-03-08')).toBe('2026-03-02');
    expect(lunesDe('2026-03-01')).toBe('2026-02-23');
    expect(semanaDe('2026-12-31')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('un mes va del lunes anterior al 1 al domingo posterior al último día', () => {
    // March 2026 starts on a Sunday: six weeks, 23 Feb to 5 Apr (42 days, the server's maximum).
    const marzo = semanasDelMes('2026-03-17');
    expect(marzo).toHaveLength(6);
    expect(rangoDeVista('mes', '2026-03-17')).toEqual({ desde: '2026-02-23', hasta: '2026-04-05' });
    // February 2027 starts on a Monday and has 28 days: exactly four weeks.
    expect(semanasDelMes('2027-02-10')).toHaveLength(4);
    expect(rangoDeVista('mes', '2027-02-10')).toEqual({ desde: '2027-02-01', hasta: '2027-02-28' });
    // A leap February.
    expect(rangoDeVista('mes', '2028-02-29').hasta).toBe('2028-03-05');
    expect(rangoDeVista('semana', '2026-03-01')).toEqual({ desde: '2026-02-23', hasta: '2026-03-01' });
  });

  it('avanzar un mes desde el 31 no salta meses; una semana son 7 días', () => {
    expect(sumarMeses('2026-01-31', 1)).toBe('2026-02-28');
    expect(moverAncla('mes', '2026-01-31', 1)).toBe('2026-02-01');
    expect(moverAncla('mes', '2026-01-15', -1)).toBe('2025-12-01');
    expect(moverAncla('semana', '2026-12-29', 1)).toBe('2027-01-05');
  });

  it('títulos en español', () => {
    expect(tituloDeVista('mes', '2026-03-17')).toBe('marzo de 2026');
    expect(tituloDeVista('semana', '2026-03-04')).toBe('Semana del 2 al 8 de marzo de 2026');
    expect(tituloDeVista('semana', '2026-03-31')).toBe('Semana del 30 de marzo al 5 de abril de 2026');
    expect(tituloDeVista('semana', '2026-12-31')).toBe('Semana del 28 de diciembre de 2026 al 3 de enero de 2027');
  });
});

describe('la zona de la empresa', () => {
  it('una orden que vence al final del 31/03 en Buenos Aires es del 31, aunque en UTC ya sea 1/04', () => {
    const fin = finDelDia('2026-03-31', BA);
    expect(new Date(fin).toISOString().slice(0, 10)).toBe('2026-04-01');
    const dias = porDia({ ordenes: [orden(1, fin)], programadas: [] }, BA);
    expect([...dias.keys()]).toEqual(['2026-03-31']);
    expect([...porDia({ ordenes: [orden(1, fin)], programadas: [] }, 'UTC').keys()]).toEqual(['2026-04-01']);
  });

  it('mover una orden conserva su hora del día en el día nuevo', () => {
    expect(fechaFinMovida(finDelDia('2026-03-31', BA), '2026-04-02', BA)).toBe(finDelDia('2026-04-02', BA));
    const nueveYMedia = Date.UTC(2026, 2, 10, 12, 30); // 09:30 in Buenos Aires
    expect(fechaFinMovida(nueveYMedia, '2026-03-01', BA)).toBe(Date.UTC(2026, 2, 1, 12, 30));
  });
});

describe('la carga por responsable', () => {
  it('una fila por persona por nombre, «Sin responsable» al final, y una orden compartida cuenta para cada uno', () => {
    const lunes = finDelDia('2026-03-02', BA);
    const martes = finDelDia('2026-03-03', BA);
    const filas = cargaPorResponsable(
      {
        ordenes: [orden(1, lunes, [beto, ana]), orden(2, lunes, []), orden(3, martes, [beto])],
        programadas: [programada(martes, [ana])],
      },
      BA,
    );
    expect(filas.map((f) => [f.persona?.nombre ?? null, f.total])).toEqual([
      ['Ana', 2],
      ['Beto', 2],
      [null, 1],
    ]);
    const anaDias = filas[0]?.dias;
    expect(anaDias?.get('2026-03-02')?.ordenes.map((o) => o.id)).toEqual([1]);
    expect(anaDias?.get('2026-03-03')?.programadas).toHaveLength(1);
    expect(filas[1]?.dias.get('2026-03-03')?.ordenes.map((o) => o.id)).toEqual([3]);
  });
});
