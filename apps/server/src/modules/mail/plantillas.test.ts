import { describe, expect, it } from 'vitest';
import { escaparHtml, plantillaInvitacion, plantillaRecuperacion } from './plantillas.js';
import { dominioDe } from './mail.service.js';

const remitente = { entidadNombre: 'Tom & Jerry <S.A.>', conLogo: true };

describe('plantillas', () => {
  it('escapan todo valor de una persona en el HTML y lo dejan tal cual en el texto', () => {
    expect(escaparHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const c = plantillaInvitacion({
      remitente,
      nombre: '<img src=x onerror=alert(1)>',
      usuario: 'eva',
      invitadoPor: 'Ana "la jefa"',
      enlace: 'https://app.example.com/password-reset/abc_-1',
      vigenciaMs: 7 * 24 * 3_600_000,
    });
    expect(c.html).not.toMatch(/<img src=x|Tom & Jerry <S/);
    expect(c.html).toContain('Hola, &lt;img src=x onerror=alert(1)&gt;:');
    expect(c.html).toContain('Tom &amp; Jerry &lt;S.A.&gt;');
    expect(c.html).toContain('<img src="cid:logo@delego"');
    expect(c.html).toContain('href="https://app.example.com/password-reset/abc_-1"');
    expect(c.texto).toContain('Hola, <img src=x onerror=alert(1)>:');
    expect(c.texto).toContain('Elegir mi contraseña: https://app.example.com/password-reset/abc_-1');
    expect(c.texto).toContain('vence en 7 días');
    expect(c.asunto).toBe('Ana "la jefa" lo invita a Tom & Jerry <S.A.> en Delego');
  });

  it('el asunto queda en una línea y sin logo no hay imagen', () => {
    const c = plantillaRecuperacion({
      remitente: { entidadNombre: 'Uno\r\nBcc: otro@example.com', conLogo: false },
      nombre: 'Ana',
      usuario: 'ana',
      enlace: 'https://x/password-reset/k',
      vigenciaMs: 3_600_000,
    });
    expect(c.asunto).not.toMatch(/[\r\n]/);
    expect(c.html).not.toContain('cid:');
    expect(c.texto).toContain('vence en 1 hora');
  });

  it('el dominio de los Message-ID sale de MAIL_FROM', () => {
    expect(dominioDe('Delego <no-responder@example.com>')).toBe('example.com');
    expect(dominioDe('avisos@empresa.com.ar')).toBe('empresa.com.ar');
    expect(dominioDe('sin arroba')).toBe('delego.local');
  });
});
