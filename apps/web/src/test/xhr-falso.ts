import { vi } from 'vitest';

/** One request as the fake XMLHttpRequest saw it; it waits until the test answers it. */
export interface EnvioXhr {
  metodo: string;
  url: string;
  headers: Record<string, string>;
  cuerpo: FormData;
  /** Reports upload progress (bytes sent of total). */
  progresar: (enviados: number, total: number) => void;
  /** Answers it. */
  responder: (status: number, cuerpo: unknown) => void;
  /** The connection drops: no answer comes back. */
  cortar: () => void;
}

/**
 * Replaces XMLHttpRequest (multipart sends and uploads go through it, for their progress) with a
 * fake that keeps each request and waits for the test's answer. Returns the requests made.
 */
export function simularXhr(): EnvioXhr[] {
  const envios: EnvioXhr[] = [];
  class XhrFalso extends EventTarget {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    private metodo = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(metodo: string, url: string) {
      this.metodo = metodo;
      this.url = url;
    }
    setRequestHeader(clave: string, valor: string) {
      this.headers[clave.toLowerCase()] = valor;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(cuerpo: FormData) {
      envios.push({
        metodo: this.metodo,
        url: this.url,
        headers: this.headers,
        cuerpo,
        progresar: (enviados, total) => {
          const e = Object.assign(new Event('progress'), { lengthComputable: true, loaded: enviados, total });
          this.upload.dispatchEvent(e);
        },
        responder: (status, datos) => {
          this.status = status;
          this.responseText = JSON.stringify(datos);
          this.dispatchEvent(new Event('load'));
        },
        cortar: () => this.dispatchEvent(new Event('error')),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', XhrFalso);
  return envios;
}
