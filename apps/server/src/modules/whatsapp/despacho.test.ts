import { describe, expect, it } from 'vitest';
import { PLANTILLAS_WHATSAPP, textoDePlantilla } from '@delego/contract';
import { mensajeDeCliente, mensajeDeUsuario } from './despacho.js';
import type { EventoParaCliente } from './despacho.repository.js';

const enlace = 'https://delego.test/ordersummary/k';

const evento = (e: Partial<EventoParaCliente>): EventoParaCliente => ({
  eventoId: 41,
  entidadId: 3,
  ordenId: 7,
  tipo: 'CREADA',
  usuarioId: 2,
  estadoNuevoId: null,
  numero: 120,
  titulo: 'Caldera',
  clienteId: 5,
  clienteNombre: 'Pablo Quiroga',
  clienteEmail: 'pablo@example.com',
  ...e,
});

describe('the messages of the dispatcher', () => {
  it('a client: created, a state change with its Spanish name, a survey without a second mail; each keyed by its event', () => {
    const creada = mensajeDeCliente(evento({}), enlace);
    expect(creada).toEqual({
      entidadId: 3,
      clave: 'evento:41',
      evento: 'ORDEN_CREADA',
      destinatario: { tipo: 'cliente', clienteId: 5 },
      ordenId: 7,
      parametros: ['Pablo Quiroga', '120', 'Caldera', enlace],
      correoRespaldo: 'pablo@example.com',
    });
    const estado = mensajeDeCliente(evento({ eventoId: 42, tipo: 'ESTADO', estadoNuevoId: 4 }), enlace);
    expect(textoDePlantilla(estado.evento, estado.parametros)).toBe(
      `La orden #120 (Caldera) pasó a Finalizada. Véala aquí: ${enlace}`,
    );
    const encuesta = mensajeDeCliente(evento({ eventoId: 43, tipo: 'ENCUESTA_ENVIADA' }), enlace);
    expect(encuesta).toMatchObject({ evento: 'ENCUESTA', clave: 'evento:43', correoRespaldo: null });
  });

  it('a user: each kind with as many parameters as its template, the SLA warning saying what is due', () => {
    const o = { numero: 9, titulo: 'Bomba', estadoId: 2, usuarioNombre: 'Diego Sosa', usuarioEmail: 'd@example.com' };
    const aviso = (tipo: 'ORDEN_ASIGNADA' | 'ORDEN_ESTADO' | 'SLA_POR_VENCER' | 'SOLICITUD_RECIBIDA', titulo = '') => ({
      notificacionId: 77,
      entidadId: 3,
      usuarioId: 2,
      tipo,
      ordenId: 7,
      titulo,
      mensaje: 'Bomba',
    });
    for (const tipo of ['ORDEN_ASIGNADA', 'ORDEN_ESTADO', 'SLA_POR_VENCER', 'SOLICITUD_RECIBIDA'] as const) {
      const m = mensajeDeUsuario(aviso(tipo), o, enlace, null);
      expect(m.parametros).toHaveLength(PLANTILLAS_WHATSAPP[tipo].parametros.length);
      expect(m).toMatchObject({ clave: 'aviso:77', destinatario: { tipo: 'usuario', usuarioId: 2 } });
      expect(m.parametros.at(-1)).toBe(enlace);
    }
    const sla = mensajeDeUsuario(
      aviso('SLA_POR_VENCER', 'La orden #9 usó el 80 % de su plazo de respuesta'),
      o,
      enlace,
      null,
    );
    expect(textoDePlantilla(sla.evento, sla.parametros)).toBe(
      `La orden #9 (Bomba) está por vencer su nivel de servicio: usó el 80 % de su plazo de respuesta. Véala aquí: ${enlace}`,
    );
    expect(mensajeDeUsuario(aviso('ORDEN_ASIGNADA'), o, enlace, 'd@example.com').correoRespaldo).toBe('d@example.com');
  });
});
