import { describe, expect, it } from 'vitest';
import { enlacePuntaje, plantillaEncuesta } from './plantilla-encuesta.js';

describe('plantillaEncuesta', () => {
  const c = plantillaEncuesta({
    remitente: { entidadNombre: 'Tom & Jerry <S.A.>', conLogo: true },
    orden: { numero: 1042, titulo: '<img src=x onerror=alert(1)> Luminarias' },
    enlace: 'https://app.example.com/encuestas/abc_-1',
    vigenciaDias: 30,
  });

  it('lleva cinco enlaces, del 1 al 5, en el HTML y en el texto', () => {
    for (let p = 1; p <= 5; p++) {
      expect(c.html).toContain(`href="https://app.example.com/encuestas/abc_-1?puntaje=${p}"`);
      expect(c.texto).toContain(enlacePuntaje('https://app.example.com/encuestas/abc_-1', p));
    }
    expect(c.html.match(/\?puntaje=/g)).toHaveLength(5);
  });

  it('escapa la empresa y el título en el HTML, con el logo en línea; el asunto en una línea', () => {
    expect(c.html).not.toMatch(/<img src=x|Tom & Jerry <S/);
    expect(c.html).toContain('Tom &amp; Jerry &lt;S.A.&gt;');
    expect(c.html).toContain('&lt;img src=x onerror=alert(1)&gt; Luminarias');
    expect(c.html).toContain('<img src="cid:logo@delego"');
    expect(c.texto).toContain('#1042: <img src=x onerror=alert(1)> Luminarias');
    expect(c.asunto).toBe('¿Cómo fue el trabajo de Tom & Jerry <S.A.>? Orden #1042');
    const sinLogo = plantillaEncuesta({
      remitente: { entidadNombre: 'A\r\nBcc: x@y', conLogo: false },
      orden: { numero: 1, titulo: 't' },
      enlace: 'https://a/encuestas/k',
      vigenciaDias: 30,
    });
    expect(sinLogo.asunto).not.toMatch(/[\r\n]/);
    expect(sinLogo.html).not.toContain('cid:');
  });
});
