import type { Plugin } from 'vite';

/**
 * Ionic components whose code loads the first time one is drawn, not with the app (issue 17, the
 * first-load budget; docs/APP-DE-CAMPO.md, "Carga inicial").
 *
 * @ionic/react is one module that imports every Ionic web component it wraps, so whatever any
 * screen uses ends up in the first load, and each one defines its custom element at start-up.
 * This build-only transform rewrites, in @ionic/react's module, the wrappers of the components
 * below: instead of importing `@ionic/core/components/ion-x.js` up front, the wrapper imports it
 * when it first renders, suspending meanwhile (every screen renders inside a <Suspense>: see
 * app/screen.tsx). Everything the shell and the login draw outside a screen stays as it is.
 *
 * Only wrappers made with `createComponent` (plain components: no routing, no overlays) can be
 * listed. When @ionic/react changes shape, the build fails here with the component's name
 * instead of shipping a half-rewritten module.
 */
export const COMPONENTES_PEREZOSOS = [
  // The heavy ones (tens of kB minified each) that only forms and detail screens draw. What Inicio
  // (the order list: search, refresher, chips, infinite scroll, selects, toggles) draws stays in
  // the first load: the field app's main screen must open with its own code alone, even when the
  // connection drops right after the login (e2e/live.spec.ts, the connection indicator).
  'IonDatetime',
  'IonDatetimeButton',
  'IonTextarea',
  'IonSegment',
  'IonSegmentButton',
  'IonCheckbox',
  'IonRadio',
  'IonRadioGroup',
  'IonRange',
];

const MODULO_IONIC_REACT = /node_modules[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;

/** Escapes a name for a regular expression (they contain `$`). */
const literal = (texto: string) => texto.replace(/[$]/g, '\\$');

/** The module that knows how to load them all: `precargarIonic()` (app/precarga-ionic.tsx). */
export const MODULO_PRECARGA = 'virtual:ionic-perezoso';
const ID_PRECARGA = `\0${MODULO_PRECARGA}`;

/**
 * Every rewritten wrapper registers its loader here. `precargarIonic()` loads them all at once:
 * the app calls it as soon as someone is logged in, so Inicio's code and these components come
 * together instead of one after the other. Without the build's rewrite (tests, `npm run dev`)
 * nothing registers and it does nothing.
 */
const CODIGO_PRECARGA = `
const cargas = [];
let pedida = false;
const cargar = (carga) => carga().catch(() => undefined);
export function registrarCarga(carga) {
  cargas.push(carga);
  if (pedida) cargar(carga);
}
export function precargarIonic() {
  if (pedida) return;
  pedida = true;
  cargas.forEach(cargar);
}
`;

/**
 * The helper the rewritten wrappers share: a component that renders the real wrapper once its
 * module has loaded, and suspends (React's `use`) until then; the ref passes through. A failed
 * load (no connection) is forgotten, so the screen's 'Reintentar' imports it again. The first one
 * drawn loads the others too. Function declarations (hoisted): the wrappers call the helper above
 * the place where it is appended.
 */
const AYUDANTE = `
function __delegoPerezoso(importar) {
  let listo = null;
  let carga = null;
  const cargar = () =>
    (carga ??= importar().then(
      (componente) => (listo = componente),
      (error) => {
        carga = null;
        throw error;
      },
    ));
  __delegoRegistrarCarga(cargar);
  return React.forwardRef((props, ref) => {
    __delegoPrecargarIonic();
    const Componente = listo ?? React.use(cargar());
    return React.createElement(Componente, { ...props, ref });
  });
}
`;

export function reescribirIonicReact(codigo: string, componentes: readonly string[]): string {
  let salida = codigo;
  for (const nombre of componentes) {
    // import { IonX as IonX$1, defineCustomElement as defineCustomElement$q } from '@ionic/core/components/ion-x.js';
    const importacion = new RegExp(
      `import \\{ ${nombre} as ([\\w$]+), defineCustomElement as ([\\w$]+) \\} from '(@ionic/core/components/ion-[a-z-]+\\.js)';\\n`,
    );
    const encontrada = importacion.exec(salida);
    if (!encontrada) throw new Error(`ionic-perezoso: @ionic/react no importa ${nombre} como se esperaba`);
    const [linea, clase, definir, modulo] = encontrada as unknown as [string, string, string, string];
    // const IonX = /*@__PURE__*/ createComponent({ tagName: 'ion-x', elementClass: IonX$1, ..., defineCustomElement: defineCustomElement$q });
    const envoltorio = new RegExp(
      `const ${nombre} = /\\*@__PURE__\\*/ createComponent\\((\\{[^]*?defineCustomElement: ${literal(definir)}\\n\\})\\);`,
    );
    const definicion = envoltorio.exec(salida);
    if (!definicion) throw new Error(`ionic-perezoso: no se encontró el envoltorio de ${nombre} en @ionic/react`);
    const opciones = (definicion[1] as string)
      .replace(`elementClass: ${clase},`, `elementClass: m.${nombre},`)
      .replace(`defineCustomElement: ${definir}\n`, 'defineCustomElement: m.defineCustomElement\n');
    salida = salida
      .replace(linea, '')
      .replace(
        definicion[0],
        `const ${nombre} = /*@__PURE__*/ __delegoPerezoso(() => import('${modulo}').then((m) => createComponent(${opciones})));`,
      );
    // Nothing else may use the component's class or its definer: they are gone from this module.
    for (const nombreLocal of [clase, definir]) {
      if (new RegExp(`(^|[^\\w$])${literal(nombreLocal)}([^\\w$]|$)`).test(salida)) {
        throw new Error(`ionic-perezoso: @ionic/react usa ${nombreLocal} (${nombre}) fuera de su envoltorio`);
      }
    }
  }
  const importacionPrecarga = `import { registrarCarga as __delegoRegistrarCarga, precargarIonic as __delegoPrecargarIonic } from '${MODULO_PRECARGA}';\n`;
  return importacionPrecarga + salida + AYUDANTE;
}

/**
 * The Vite plugin. The rewrite happens in the build only (the unit tests and the dev server use
 * @ionic/react as it is); `virtual:ionic-perezoso` exists everywhere.
 */
export function ionicPerezoso(componentes: readonly string[] = COMPONENTES_PEREZOSOS): Plugin {
  let compilando = false;
  return {
    name: 'delego:ionic-perezoso',
    enforce: 'pre',
    configResolved(config) {
      compilando = config.command === 'build';
    },
    resolveId(id) {
      return id === MODULO_PRECARGA ? ID_PRECARGA : null;
    },
    load(id) {
      return id === ID_PRECARGA ? CODIGO_PRECARGA : null;
    },
    transform: {
      filter: { id: MODULO_IONIC_REACT },
      handler(codigo, id) {
        if (!compilando || !MODULO_IONIC_REACT.test(id)) return null;
        return { code: reescribirIonicReact(codigo, componentes), map: null };
      },
    },
  };
}
