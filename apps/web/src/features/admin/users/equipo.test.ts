import { describe, expect, it } from 'vitest';
import { candidatosAlEquipo, equipoDe, idsDelEquipo, supervisoresPosibles } from './equipo';

// 1 supervises 2 and 3; 3 supervises 4; 5 is alone; 6 is inactive.
const USUARIOS = [
  { id: 1, supervisorId: null, activo: true },
  { id: 2, supervisorId: 1, activo: true },
  { id: 3, supervisorId: 1, activo: true },
  { id: 4, supervisorId: 3, activo: true },
  { id: 5, supervisorId: null, activo: true },
  { id: 6, supervisorId: null, activo: false },
];
const ids = (l: { id: number }[]) => l.map((u) => u.id);

describe('teams', () => {
  it('equipoDe: the people a user supervises directly', () => {
    expect(ids(equipoDe(USUARIOS, 1))).toEqual([2, 3]);
    expect(ids(equipoDe(USUARIOS, 5))).toEqual([]);
  });

  it('idsDelEquipo: everyone under a user, at any depth', () => {
    expect([...idsDelEquipo(USUARIOS, 1)].sort()).toEqual([2, 3, 4]);
    expect([...idsDelEquipo(USUARIOS, 3)]).toEqual([4]);
  });

  it('supervisoresPosibles: active users, not the user and nobody under them (no cycles)', () => {
    expect(ids(supervisoresPosibles(USUARIOS, 1))).toEqual([5]);
    expect(ids(supervisoresPosibles(USUARIOS, 4))).toEqual([1, 2, 3, 5]);
    expect(ids(supervisoresPosibles(USUARIOS, null))).toEqual([1, 2, 3, 4, 5]);
  });

  it('candidatosAlEquipo: active users not in the team, not above the supervisor', () => {
    expect(ids(candidatosAlEquipo(USUARIOS, 3))).toEqual([2, 5]);
    expect(ids(candidatosAlEquipo(USUARIOS, 1))).toEqual([4, 5]);
  });
});
