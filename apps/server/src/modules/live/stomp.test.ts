import { describe, expect, it } from 'vitest';
import { MessageFrame, StompParser, negotiateHeartbeat, serializeFrame } from './stomp.js';

describe('StompParser', () => {
  it('lee frames partidos, juntos y con latidos entre ellos', () => {
    const p = new StompParser(1024);
    expect(p.push('CONNECT\naccept-version:1.2\nlog')).toEqual([]);
    const frames = p.push('in:ana\n\n\0\n\nSUBSCRIBE\nid:1\ndestination:/usuario/1\n\n\0');
    expect(frames.map((f) => f.command)).toEqual(['CONNECT', 'SUBSCRIBE']);
    expect(frames[0]?.headers.login).toBe('ana');
    expect(frames[1]?.headers.destination).toBe('/usuario/1');
  });

  it('respeta content-length (con NUL y acentos en el cuerpo) y los escapes de STOMP 1.2', () => {
    const p = new StompParser(1024);
    const body = 'a\0ñ';
    const [f] = p.push(`SEND\ndestination:/a\\cb\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`);
    expect(f?.body).toBe(body);
    expect(f?.headers.destination).toBe('/a:b');
  });

  it('acepta CRLF y se queda con el primer encabezado repetido', () => {
    const [f] = new StompParser(1024).push('SUBSCRIBE\r\nid:1\r\nid:2\r\ndestination:/x\r\n\r\n\0');
    expect(f?.headers.id).toBe('1');
  });

  it('rechaza comandos desconocidos, escapes inválidos y frames demasiado grandes', () => {
    expect(() => new StompParser(1024).push('HELLO\n\n\0')).toThrow(/desconocido/);
    expect(() => new StompParser(1024).push('SEND\ndestination:\\t\n\n\0')).toThrow(/escape/);
    expect(() => new StompParser(100).push(`SEND\ndestination:/x\n\n${'x'.repeat(200)}\0`)).toThrow(/máximo/);
    expect(() => new StompParser(100).push(`SEND\ndestination:/x\n\n${'x'.repeat(200)}`)).toThrow(/máximo/);
    expect(() => new StompParser(1024).push('SEND\ncontent-length:abc\n\n\0')).toThrow(/content-length/);
  });
});

describe('MessageFrame', () => {
  const headers = { 'message-id': '9', destination: '/entidad/3', 'content-type': 'application/json' };

  it('los mismos bytes que serializeFrame, con la suscripción primero, y un solo Buffer por id', () => {
    const m = new MessageFrame(headers, '{"a":"ñ"}');
    const a = m.for('sub-0');
    expect(a.toString()).toBe(serializeFrame('MESSAGE', { subscription: 'sub-0', ...headers }, '{"a":"ñ"}'));
    expect(m.for('sub-0')).toBe(a);
    expect(m.for('sub-1')).not.toBe(a);
    expect(m.for('sub-1').toString()).toMatch(/^MESSAGE\nsubscription:sub-1\nmessage-id:9\n/);
  });

  it('escapa el id y sigue armando bien los frames cuando hay ids de más para guardarlos', () => {
    const m = new MessageFrame(headers, '{}');
    expect(m.for('a:b\nc').toString()).toMatch(/^MESSAGE\nsubscription:a\\cb\\nc\n/);
    for (let i = 0; i < 200; i++) {
      expect(m.for(`s${i}`).toString()).toBe(serializeFrame('MESSAGE', { subscription: `s${i}`, ...headers }, '{}'));
    }
  });
});

describe('serializeFrame y latidos', () => {
  it('escapa encabezados y declara content-length en bytes', () => {
    const s = serializeFrame('MESSAGE', { destination: '/a:b', 'message-id': 1 }, 'ñ');
    expect(s).toBe('MESSAGE\ndestination:/a\\cb\nmessage-id:1\ncontent-length:2\n\nñ\0');
  });

  it('negocia los intervalos como dice STOMP 1.2', () => {
    expect(negotiateHeartbeat('10000,10000', { sendMs: 5000, receiveMs: 5000 })).toEqual({
      outgoingMs: 10000,
      incomingMs: 10000,
    });
    expect(negotiateHeartbeat('0,0', { sendMs: 5000, receiveMs: 5000 })).toEqual({ outgoingMs: 0, incomingMs: 0 });
    expect(negotiateHeartbeat(undefined, { sendMs: 5000, receiveMs: 5000 })).toEqual({ outgoingMs: 0, incomingMs: 0 });
    expect(negotiateHeartbeat('1000,0', { sendMs: 5000, receiveMs: 5000 })).toEqual({
      outgoingMs: 0,
      incomingMs: 5000,
    });
  });
});
