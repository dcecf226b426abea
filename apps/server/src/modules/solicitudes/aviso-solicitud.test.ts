import { describe, expect, it } from 'vitest';
import { avisoDeSolicitud, pedidoEnUnaLinea } from './solicitudes.publico.js';

describe('avisoDeSolicitud', () => {
  it('keeps the first line apart from the description, on the one line mail and WhatsApp show', () => {
    expect(
      avisoDeSolicitud(
        'Escuela N.º 5',
        'La puerta del aula 12 no cierra\nSe trabó la cerradura y hay que dejarla abierta durante las clases.',
      ),
    ).toEqual({
      tipo: 'SOLICITUD_RECIBIDA',
      titulo: 'Nueva solicitud de Escuela N.º 5',
      mensaje: 'La puerta del aula 12 no cierra — Se trabó la cerradura y hay que dejarla abierta durante las clases.',
      ordenId: null,
    });
  });

  it('cuts a long request with «…», never inside a character', () => {
    const { mensaje } = avisoDeSolicitud('Hotel', `${'á'.repeat(118)}😀 y más texto`);
    expect(mensaje).toBe(`${'á'.repeat(118)}😀…`);
    expect(Array.from(mensaje)).toHaveLength(120);
    expect(avisoDeSolicitud('Hotel', 'á'.repeat(120)).mensaje).toBe('á'.repeat(120));
  });
});

describe('pedidoEnUnaLinea', () => {
  it('joins lines with « — », or a space after a line that ends a sentence or a clause', () => {
    expect(pedidoEnUnaLinea('Pierde agua el tanque')).toBe('Pierde agua el tanque');
    expect(pedidoEnUnaLinea('Hola,\r\nse cortó la luz.\n\n  Hay   gente esperando\nUrgente')).toBe(
      'Hola, se cortó la luz. Hay gente esperando — Urgente',
    );
    expect(pedidoEnUnaLinea('  \n Ascensor\u2028detenido \n')).toBe('Ascensor — detenido');
  });

  it('leaves what a person wrote as text: markup is not read', () => {
    expect(pedidoEnUnaLinea('<b>Caldera</b>\n<script>x</script>')).toBe('<b>Caldera</b> — <script>x</script>');
  });
});
