import { describe, expect, it } from 'vitest';
import {
  conPie,
  escaparHtml,
  pieDeCorreo,
  plantillaInvitacion,
  plantillaRecuperacion,
  sinEnlaces,
  usuarioVisible,
} from './plantillas.js';
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

  it('sinEnlaces deja una línea sin direcciones que un programa de correo enlace, y no toca lo demás', () => {
    expect(sinEnlaces('Acme http://evil.com/x\r\nwww.phish.com')).toBe('Acme hxxp[:]//evil[.]com/x www[.]phish[.]com');
    expect(sinEnlaces('HTTPS://A.io ftp://b.net ana@mal.com.ar')).toBe(
      'hxxpS[:]//A[.]io ftp[:]//b[.]net ana@mal[.]com[.]ar',
    );
    expect(sinEnlaces('ejemplo\u3002com y ejemplo\uff0ecom')).toBe('ejemplo[.]com y ejemplo[.]com');
    expect(sinEnlaces('mal\u200b.com \u202eoiram')).toBe('mal[.]com oiram');
    expect(sinEnlaces('Pérez S.R.L. — v1.5, 3.14')).toBe('Pérez S.R.L. — v1.5, 3.14');
    expect(usuarioVisible('ana_p')).toBe('ana_p');
    expect(usuarioVisible('www.phish.com')).toBeNull();
  });

  it('el pie dice quién lo envía y cómo dejar de recibirlos, sin enlaces salvo el contacto', () => {
    const pie = pieDeCorreo({ empresa: 'Acme www.x.com', contacto: 'abuso@delego.com', maxPorDia: 3 });
    expect(pie.texto).toContain('Este correo lo envió Acme www[.]x[.]com a través de Delego');
    expect(pie.texto).toContain('no puede enviarle más de 3 correos por día');
    expect(pie.texto).toContain('escriba a abuso@delego.com.');
    expect(pie.html).toContain('<a href="mailto:abuso@delego.com"');
    const sinContacto = pieDeCorreo({ empresa: 'Acme', contacto: null, maxPorDia: null });
    expect(sinContacto.texto).toContain('Para no recibir más correos de Acme, pídaselo a esa empresa.');
    expect(sinContacto.texto).not.toContain('por día');
    const c = conPie({ html: '<html><body><p>x</p></body></html>', texto: 'x\n\n' }, pie);
    expect(c.html).toMatch(/<p>x<\/p><p style=.*Acme www\[\.\]x\[\.\]com.*<\/p>\n<\/body><\/html>$/s);
    expect(c.texto.startsWith('x\n\n-- \nEste correo lo envió')).toBe(true);
  });
});
