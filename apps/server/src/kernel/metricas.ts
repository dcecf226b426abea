import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

/** Upper bounds (seconds) of the request latency histogram. */
const LIMITES_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** One route's latencies and status counts, kept in plain numbers: a request allocates nothing. */
class MedicionDeRuta {
  readonly cubetas = new Float64Array(LIMITES_S.length);
  suma = 0;
  cuenta = 0;
  readonly estados = new Map<number, number>();

  constructor(
    readonly metodo: string,
    readonly ruta: string,
  ) {}

  observar(ms: number, estado: number): void {
    const s = ms / 1000;
    this.suma += s;
    this.cuenta++;
    for (let i = 0; i < LIMITES_S.length; i++) {
      if (s <= (LIMITES_S[i] as number)) {
        (this.cubetas[i] as number)++;
        break;
      }
    }
    this.estados.set(estado, (this.estados.get(estado) ?? 0) + 1);
  }
}

/** A value read when Prometheus scrapes, with its labels. */
export interface Lectura {
  etiquetas?: Record<string, string | number>;
  valor: number;
}

/**
 * The process's Prometheus registry (docs/DESPLIEGUE.md, "Métricas y salud"): the requests by route,
 * what the modules report when scraped (`leer`), the bus lag and Node's default metrics. One per
 * app, so tests that build several apps in one process do not share it.
 */
export class Metricas {
  readonly registro = new Registry();
  private readonly rutas: MedicionDeRuta[] = [];
  private readonly demoraBus: Histogram<never>;

  constructor() {
    collectDefaultMetrics({ register: this.registro });
    const rutas = this.rutas;
    // Written from the routes' plain counters at scrape time, in prom-client's own format.
    const latencia = {
      name: 'delego_http_duracion_segundos',
      help: 'Duración de las respuestas HTTP por ruta (el patrón de la ruta, no la URL) y método',
      type: 'histogram',
      aggregator: 'sum',
      get: () => ({
        name: 'delego_http_duracion_segundos',
        help: 'Duración de las respuestas HTTP por ruta (el patrón de la ruta, no la URL) y método',
        type: 'histogram',
        aggregator: 'sum',
        values: rutas.flatMap((r) => {
          const labels = { metodo: r.metodo, ruta: r.ruta };
          let acumulado = 0;
          const filas = LIMITES_S.map((le, i) => {
            acumulado += r.cubetas[i] as number;
            return { labels: { ...labels, le }, value: acumulado, metricName: 'delego_http_duracion_segundos_bucket' };
          });
          return [
            ...filas,
            { labels: { ...labels, le: '+Inf' }, value: r.cuenta, metricName: 'delego_http_duracion_segundos_bucket' },
            { labels, value: r.suma, metricName: 'delego_http_duracion_segundos_sum' },
            { labels, value: r.cuenta, metricName: 'delego_http_duracion_segundos_count' },
          ];
        }),
      }),
    };
    this.registro.registerMetric(latencia as unknown as Metric);
    this.leer(
      'delego_http_respuestas_total',
      'Respuestas HTTP por ruta, método y estado',
      'counter',
      () =>
        rutas.flatMap((r) =>
          [...r.estados].map(([estado, valor]) => ({ etiquetas: { metodo: r.metodo, ruta: r.ruta, estado }, valor })),
        ),
      ['metodo', 'ruta', 'estado'],
    );
    this.demoraBus = new Histogram({
      name: 'delego_bus_demora_segundos',
      help: 'Del publicar de un evento en otra instancia a su entrega aquí (LISTEN/NOTIFY)',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [this.registro],
    });
  }

  /** The measurement of one route (method and pattern); its `observar` is called once per answer. */
  ruta(metodo: string, ruta: string): MedicionDeRuta {
    const m = new MedicionDeRuta(metodo, ruta);
    this.rutas.push(m);
    return m;
  }

  /** An event of another instance was delivered `ms` after it was published. */
  demoraDelBus(ms: number): void {
    this.demoraBus.observe(Math.max(0, ms) / 1000);
  }

  /** A gauge or counter whose values are read when Prometheus scrapes (a pool's size, a queue's depth). */
  leer(
    nombre: string,
    ayuda: string,
    tipo: 'gauge' | 'counter',
    lectura: () => Lectura[] | Promise<Lectura[]>,
    etiquetas: readonly string[] = [],
  ): void {
    // At each scrape the values start over from what `lectura` says now (a counter's total too).
    const poner = (m: Gauge | Counter, l: Lectura) =>
      m instanceof Gauge ? m.set(l.etiquetas ?? {}, l.valor) : m.inc(l.etiquetas ?? {}, l.valor);
    const opciones = {
      name: nombre,
      help: ayuda,
      labelNames: etiquetas,
      registers: [this.registro],
      async collect(this: Gauge | Counter) {
        const lecturas = await lectura();
        this.reset();
        for (const l of lecturas) poner(this, l);
      },
    };
    if (tipo === 'gauge') new Gauge(opciones);
    else new Counter(opciones);
  }

  /** The text Prometheus reads, and its content type. */
  async texto(): Promise<{ tipo: string; cuerpo: string }> {
    return { tipo: this.registro.contentType, cuerpo: await this.registro.metrics() };
  }
}
