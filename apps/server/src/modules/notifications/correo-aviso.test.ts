import { describe, expect, it } from 'vitest';
import { plantillaCorreoAviso } from './correo-aviso.js';

const remitente = { entidadNombre: 'Demo <S.A.>', conLogo: false };

describe('el correo de un aviso', () => {
  it('dice el número y el título de la orden y lleva a la orden en la app', () => {
    const c = plantillaCorreoAviso({
      remitente,
      nombre: 'Diego',
      evento: 'ORDEN_ASIGNADA',
      titulo: 'Nueva orden asignada: #12',
      mensaje: 'Caldera',
      orden: { numero: 12, titulo: 'Caldera' },
      enlace: 'https://app.example.com/orden/345',
    });
    expect(c.asunto).toBe('Nueva orden asignada: #12');
    expect(c.texto).toContain('Hola, Diego:');
    expect(c.texto).toContain('Orden #12: «Caldera».');
    expect(c.texto).toContain('Ver la orden: https://app.example.com/orden/345');
    expect(c.texto).toContain('eligió recibir por correo los avisos de órdenes asignadas a usted');
    // The order's title once: the notification's text is the same title.
    expect(c.texto.match(/Caldera/g)).toHaveLength(1);
    expect(c.html).toContain('href="https://app.example.com/orden/345"');
    expect(c.html).toContain('Demo &lt;S.A.&gt;');
  });

  it('lo que escribió una persona queda como texto: escapado en el HTML y sin enlaces', () => {
    const c = plantillaCorreoAviso({
      remitente,
      nombre: '<b>Eva</b>',
      evento: 'ORDEN_ESTADO',
      titulo: 'La orden #7 pasó a En proceso',
      mensaje: 'Bomba <img src=x onerror=alert(1)>: «ver https://mal.example.com»',
      orden: { numero: 7, titulo: 'Bomba <img src=x onerror=alert(1)>' },
      enlace: 'https://app.example.com/orden/9',
    });
    expect(c.html).not.toContain('<img src=x');
    expect(c.html).not.toContain('<b>Eva</b>');
    expect(c.html).toContain('&lt;b&gt;Eva&lt;/b&gt;');
    expect(c.texto).not.toContain('https://mal.example.com');
    expect(c.texto).toContain('hxxps[:]//mal[.]example[.]com');
    expect(c.texto).toContain('eligió recibir por correo los avisos de cambios de estado de sus órdenes');
  });

  it('sin orden, lleva a Delego; sin nombre, un saludo simple', () => {
    const c = plantillaCorreoAviso({
      remitente,
      nombre: null,
      evento: 'SLA_POR_VENCER',
      titulo: 'Aviso',
      mensaje: '',
      orden: null,
      enlace: 'https://app.example.com/notificaciones',
    });
    expect(c.texto).toContain('Hola:');
    expect(c.texto).toContain('Abrir Delego: https://app.example.com/notificaciones');
    expect(c.texto).toContain('los avisos de nivel de servicio');
  });
});
