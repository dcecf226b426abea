import { describe, expect, it } from 'vitest';
import { Metricas } from './metricas.js';

/** The sample lines of one metric name (without HELP and TYPE). */
const lineas = (texto: string, nombre: string) => texto.split('\n').filter((l) => l.startsWith(nombre));

describe('Metricas', () => {
  it('the route histogram is cumulative per bucket, with +Inf, sum and count, and the status counts', async () => {
    const m = new Metricas();
    const ruta = m.ruta('GET', '/api/v3/ordenDTO/:id');
    ruta.observar(3, 200);
    ruta.observar(20, 200);
    ruta.observar(20_000, 503);
    const { tipo, cuerpo } = await m.texto();
    expect(tipo).toMatch(/^text\/plain; version=0\.0\.4/);
    const et = 'metodo="GET",ruta="/api/v3/ordenDTO/:id"';
    const h = lineas(cuerpo, 'delego_http_duracion_segundos');
    expect(h).toContain(`delego_http_duracion_segundos_bucket{${et},le="0.005"} 1`);
    expect(h).toContain(`delego_http_duracion_segundos_bucket{${et},le="0.01"} 1`);
    expect(h).toContain(`delego_http_duracion_segundos_bucket{${et},le="0.025"} 2`);
    expect(h).toContain(`delego_http_duracion_segundos_bucket{${et},le="10"} 2`);
    expect(h).toContain(`delego_http_duracion_segundos_bucket{${et},le="+Inf"} 3`);
    expect(h).toContain(`delego_http_duracion_segundos_sum{${et}} 20.023`);
    expect(h).toContain(`delego_http_duracion_segundos_count{${et}} 3`);
    expect(lineas(cuerpo, 'delego_http_respuestas_total')).toEqual([
      `delego_http_respuestas_total{${et},estado="200"} 2`,
      `delego_http_respuestas_total{${et},estado="503"} 1`,
    ]);
  });

  it('values read at scrape time follow their source, and the bus lag is a histogram in seconds', async () => {
    const m = new Metricas();
    let pendientes = 4;
    m.leer('delego_prueba_pendientes', 'Prueba', 'gauge', () => [{ valor: pendientes }]);
    m.demoraDelBus(30);
    expect(lineas((await m.texto()).cuerpo, 'delego_prueba_pendientes')).toEqual(['delego_prueba_pendientes 4']);
    pendientes = 1;
    const t = (await m.texto()).cuerpo;
    expect(lineas(t, 'delego_prueba_pendientes')).toEqual(['delego_prueba_pendientes 1']);
    expect(t).toContain('delego_bus_demora_segundos_bucket{le="0.025"} 0');
    expect(t).toContain('delego_bus_demora_segundos_bucket{le="0.05"} 1');
  });
});
