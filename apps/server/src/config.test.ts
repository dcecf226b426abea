import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('usa 8080 y ./data por defecto', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('escucha solo en 127.0.0.1, no confía en proxies y corta a los clientes lentos por defecto', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.trustProxy).toBe(false);
    expect(c.headersTimeoutMs).toBe(30_000);
    expect(c.requestTimeoutMs).toBeGreaterThanOrEqual(c.headersTimeoutMs);
    expect(c.maxConnectionsPerAddress).toBe(256);
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('lee TRUST_PROXY como true/false, saltos o lista de direcciones', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/trustProxy[\s\S]*proxy\.local/);
  });

  it('rechaza un límite de encabezados mayor que el de la solicitud entera', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(/headersTimeoutMs/);
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '5000', MAX_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress).toBe(
      0,
    );
  });

  it('correo: PUBLIC_URL sale del puerto si falta, SMTP_URL debe ser smtp:// o smtps://', () => {
    const c = loadConfig({ PORT: '9090' });
    expect(c.publicUrl).toBe('http://localhost:9090');
    expect(c.smtpUrl).toBeUndefined();
    expect(c.mailFrom).toBe('Delego <no-responder@localhost>');
    const d = loadConfig({
      PUBLIC_URL: 'https://delego.example.com/app/',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Avisos <avisos@example.com>',
    });
    expect(d).toMatchObject({
      publicUrl: 'https://delego.example.com/app',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
    });
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com', PUBLIC_URL: 'delego.com' })).toThrow(
      /smtpUrl[\s\S]*publicUrl/,
    );
  });

  it('archivos: sin S3_URL la carpeta; con S3_URL el bucket, y sin bucket o credenciales no arranca', () => {
    expect(loadConfig({}).s3).toBeNull();
    const c = loadConfig({
      S3_URL: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'delego',
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk',
      S3_PREFIX: 'prod/',
    });
    expect(c.s3).toEqual({
      url: 'http://127.0.0.1:9000',
      bucket: 'delego',
      accessKey: 'ak',
      secretKey: 'sk',
      region: 'us-east-1',
      prefix: 'prod/',
    });
    expect(
      loadConfig({
        S3_URL: 'https://s3.example.com',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY: 'a',
        S3_SECRET_KEY: 's',
        S3_REGION: 'sa-east-1',
      }).s3?.region,
    ).toBe('sa-east-1');
    let error = '';
    try {
      loadConfig({ S3_URL: 'http://127.0.0.1:9000', S3_SECRET_KEY: 'no-se-muestra' });
    } catch (e) {
      error = (e as Error).message;
    }
    expect(error).toMatch(/S3_BUCKET es obligatoria con S3_URL/);
    expect(error).toMatch(/S3_ACCESS_KEY es obligatoria con S3_URL/);
    expect(error).not.toMatch(/S3_SECRET_KEY es obligatoria/);
    expect(error).not.toContain('no-se-muestra');
    expect(() =>
      loadConfig({ S3_URL: 'http://u:p@host:9000', S3_BUCKET: 'b', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' }),
    ).toThrow(/s3Url/);
  });

  it('lista todos los problemas de una configuración inválida', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/port[\s\S]*databaseUrl/);
  });
});
