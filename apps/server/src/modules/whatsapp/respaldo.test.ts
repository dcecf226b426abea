import { expect, it } from 'vitest';
import { correoDeRespaldo } from './respaldo.js';

const remitente = { entidadNombre: 'Tom & Jerry', conLogo: false };

it('el correo de respaldo lleva el mismo texto, el enlace como botón, y lo que alguien escribió como texto', () => {
  const c = correoDeRespaldo(
    remitente,
    'ORDEN_ESTADO',
    ['41', '<img src=x onerror=alert(1)>', 'En proceso', 'https://delego.example.com/ordersummary/k1'],
    'https://delego.example.com',
  );
  expect(c.asunto).toBe('Cambió de estado · Tom & Jerry');
  expect(c.texto).toContain('La orden #41 (<img src=x onerror=alert(1)>) pasó a En proceso. Véala aquí.');
  expect(c.texto).toContain('Ver la orden: https://delego.example.com/ordersummary/k1');
  expect(c.texto).toContain('no pudimos entregarlo por WhatsApp');
  expect(c.html).toContain('href="https://delego.example.com/ordersummary/k1"');
  expect(c.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(c.html).not.toContain('<img src=x');
});

it('la encuesta lleva su botón; sin enlace en los parámetros, el botón abre la dirección pública', () => {
  const encuesta = correoDeRespaldo(
    remitente,
    'ENCUESTA',
    ['Hotel', '7', 'Poda', 'https://delego.example.com/encuestas/k'],
    'https://x',
  );
  expect(encuesta.texto).toContain('Responder la encuesta: https://delego.example.com/encuestas/k');
  const sin = correoDeRespaldo(
    { entidadNombre: '', conLogo: false },
    'SOLICITUD_RECIBIDA',
    ['Poda', ''],
    'https://app',
  );
  expect(sin.asunto).toBe('Solicitud recibida');
  expect(sin.texto).toContain('Recibimos una solicitud: Poda. Puede seguirla aquí.');
  expect(sin.texto).toContain('Ver la solicitud: https://app');
});
