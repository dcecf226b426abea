import { describe, expect, it } from 'vitest';
import { enlacePuntaje, plantillaEncuesta } from './plantilla-encuesta.js';

describe('plantillaEncuesta', () => {
  const c = plantillaEncuesta({
    remitente: { entidadNombre: 'Tom & Jerry <S.A.>', conLogo: true },
    orden: { numero: 1042, titulo: '<img src=x onerror=alert(1)> Luminarias', finalizada: true },
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
      orden: { numero: 1, titulo: 't', finalizada: true },
      enlace: 'https://a/encuestas/k',
      vigenciaDias: 30,
    });
    expect(sinLogo.asunto).not.toMatch(/[\r\n]/);
    expect(sinLogo.html).not.toContain('cid:');
  });

  it('solo una orden finalizada «terminó»; de una abierta le pide su opinión', () => {
    const datos = (finalizada: boolean) =>
      plantillaEncuesta({
        remitente: { entidadNombre: 'Talleres Norte', conLogo: false },
        orden: { numero: 303, titulo: 'Pintura del hall', finalizada },
        enlace: 'https://a/encuestas/k',
        vigenciaDias: 30,
      });
    const terminada = datos(true);
    expect(terminada.texto).toContain('Talleres Norte terminó la orden #303: Pintura del hall.');
    expect(terminada.html).toContain('Talleres Norte terminó la orden <strong>#303</strong>: Pintura del hall.');
    const abierta = datos(false);
    expect(abierta.texto).toContain('Talleres Norte le pide su opinión sobre la orden #303: Pintura del hall.');
    expect(abierta.html).toContain(
      'Talleres Norte le pide su opinión sobre la orden <strong>#303</strong>: Pintura del hall.',
    );
    expect(`${abierta.texto}${abierta.html}${abierta.asunto}`).not.toMatch(/terminó/);
  });
});
