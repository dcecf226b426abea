import { NOMBRES_DIAS_SEMANA, textoDeDia, type Mantenimiento, type ReglaRecurrencia } from '@delego/contract';

/** The rule in words, as the list shows it. */
export function textoDeRegla(r: ReglaRecurrencia): string {
  switch (r.tipo) {
    case 'dias':
      return r.cada === 1 ? 'Todos los días' : `Cada ${r.cada} días`;
    case 'semanas': {
      const dias = [...new Set(r.diasSemana)].sort((a, b) => a - b).map((d) => NOMBRES_DIAS_SEMANA[d - 1]);
      const cada = r.cada === 1 ? 'Cada semana' : `Cada ${r.cada} semanas`;
      return `${cada}: ${dias.join(', ')}`;
    }
    case 'meses': {
      const cada = r.cada === 1 ? 'Cada mes' : `Cada ${r.cada} meses`;
      return r.dia === 31 ? `${cada}, el último día` : `${cada}, el día ${r.dia}`;
    }
    case 'tras_finalizar':
      return `${r.dias} ${r.dias === 1 ? 'día' : 'días'} después de finalizar la anterior`;
  }
}

/** What the form holds of a rule (texts, as typed). */
export interface ReglaEnFormulario {
  tipo: ReglaRecurrencia['tipo'];
  cada: string;
  diasSemana: number[];
  dia: string;
}

export const REGLA_INICIAL: ReglaEnFormulario = { tipo: 'meses', cada: '1', diasSemana: [1], dia: '1' };

/** The rule to send (the server and `zReglaRecurrencia` check it). */
export function reglaDe(f: ReglaEnFormulario): ReglaRecurrencia {
  const cada = Number(f.cada);
  switch (f.tipo) {
    case 'dias':
      return { tipo: 'dias', cada };
    case 'semanas':
      return { tipo: 'semanas', cada, diasSemana: f.diasSemana };
    case 'meses':
      return { tipo: 'meses', cada, dia: Number(f.dia) };
    case 'tras_finalizar':
      return { tipo: 'tras_finalizar', dias: cada };
  }
}

/** A saved rule as the form holds it (editing a plan). */
export function reglaEnFormulario(r: ReglaRecurrencia): ReglaEnFormulario {
  switch (r.tipo) {
    case 'dias':
      return { ...REGLA_INICIAL, tipo: 'dias', cada: String(r.cada) };
    case 'semanas':
      return { ...REGLA_INICIAL, tipo: 'semanas', cada: String(r.cada), diasSemana: [...r.diasSemana] };
    case 'meses':
      return { ...REGLA_INICIAL, tipo: 'meses', cada: String(r.cada), dia: String(r.dia) };
    case 'tras_finalizar':
      return { ...REGLA_INICIAL, tipo: 'tras_finalizar', cada: String(r.dias) };
  }
}

/** A plan's next dates as its list and the equipo's screen say them. */
export function textoProximas(p: Pick<Mantenimiento, 'proximas' | 'activo'>): string {
  if (!p.activo) return 'Pausado: no crea órdenes';
  return p.proximas.length ? `Próximas: ${p.proximas.map(textoDeDia).join(' · ')}` : 'Sin fechas próximas';
}
