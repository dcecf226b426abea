import { IonItem, IonLabel, IonList, IonToggle } from '@ionic/react';
import { downloadOutline, openOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BotonConIcono } from '../../../components/boton-icono';
import { PantallaDeOrden } from '../../../components/pantalla-de-orden';
import { Texto } from '../../../components/texto';
import { abrirPestania, guardarArchivo } from '../../../lib/descargas';
import { mensajeDeError } from '../../../lib/errors';
import { CabeceraOrden, leerId, useOrden } from '../../files';
import { getReporte, type OpcionesReporte } from '../api/get-reporte';
import './reportes.css';

/** historial-imprimir/42: the order's PDF report, with or without its history and its files. */
export default function HistorialImprimirPage() {
  const id = leerId(useParams().id);
  const orden = useOrden(id);
  return (
    <PantallaDeOrden titulo="Imprimir orden" id={id} ambito="papeleo" consulta={orden} filas={2} clase="reportes">
      {(datos, ordenId) => <OpcionesImpresion ordenId={ordenId} numero={datos.numero} />}
    </PantallaDeOrden>
  );
}

type Accion = 'ver' | 'descargar';

/** What the PDF may add to the order's data, each a switch. */
const OPCIONES: readonly { clave: keyof OpcionesReporte; titulo: string; detalle: string }[] = [
  { clave: 'eventos', titulo: 'Incluir historial', detalle: 'Todos los cambios de la orden, con fecha y autor.' },
  {
    clave: 'archivos',
    titulo: 'Incluir archivos',
    detalle: 'La lista de archivos adjuntos, con las imágenes impresas.',
  },
];

export function OpcionesImpresion({ ordenId, numero }: { ordenId: number; numero: number }) {
  const [opciones, setOpciones] = useState<OpcionesReporte>({ eventos: true, archivos: false });
  const [enCurso, setEnCurso] = useState<Accion | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** A PDF the browser would not show in a new tab (pop-ups blocked): offered as a download. */
  const [enlace, setEnlace] = useState<{ url: string; nombre: string } | null>(null);
  const urls = useRef<string[]>([]);

  // The PDFs' object URLs live while this screen does.
  useEffect(() => {
    const creadas = urls.current;
    return () => {
      for (const u of creadas) URL.revokeObjectURL(u);
    };
  }, []);

  async function generar(accion: Accion) {
    if (enCurso) return;
    setError(null);
    setEnlace(null);
    setEnCurso(accion);
    // The tab opens now, within the click, or the browser would block it.
    const pestania = accion === 'ver' ? abrirPestania() : null;
    try {
      const pdf = await getReporte(ordenId, opciones);
      const nombre = pdf.nombre ?? `orden-${numero}.pdf`;
      if (accion === 'descargar') {
        guardarArchivo(pdf.blob, nombre);
        return;
      }
      const blob = pdf.blob.type === 'application/pdf' ? pdf.blob : new Blob([pdf.blob], { type: 'application/pdf' });
      const enPestania = pestania ? await pestania.mostrar(blob) : null;
      if (enPestania) {
        urls.current.push(enPestania);
        return;
      }
      // No tab: the PDF is offered for download (a PDF opened from this page's own object URL
      // would fall under its policy, which allows no PDF viewer).
      pestania?.cerrar();
      const url = URL.createObjectURL(blob);
      urls.current.push(url);
      setEnlace({ url, nombre });
    } catch (e) {
      pestania?.cerrar();
      setError(mensajeDeError(e));
    } finally {
      setEnCurso(null);
    }
  }

  return (
    <>
      <CabeceraOrden ordenId={ordenId} />
      <section className="delego-card papeleo-tarjeta" aria-labelledby="imprimir-opciones">
        <h2 id="imprimir-opciones" className="delego-subtitulo">
          Contenido del PDF
        </h2>
        <p className="reportes-ayuda">
          Siempre incluye los datos de la orden, sus responsables y las horas y gastos con sus totales.
        </p>
        <IonList lines="full" className="reportes-opciones">
          {OPCIONES.map((op) => (
            <IonItem key={op.clave}>
              <IonToggle
                checked={opciones[op.clave]}
                onIonChange={(e) => setOpciones((o) => ({ ...o, [op.clave]: e.detail.checked }))}
                data-testid={`imprimir-${op.clave}`}
              >
                <IonLabel>
                  <Texto>{op.titulo}</Texto>
                  <p>{op.detalle}</p>
                </IonLabel>
              </IonToggle>
            </IonItem>
          ))}
        </IonList>
        {error && (
          <p className="reportes-error delego-aviso-error" role="alert" data-testid="imprimir-error">
            {error}
          </p>
        )}
        {enlace && (
          <p className="reportes-enlace">
            El navegador no abrió una pestaña nueva.{' '}
            <a href={enlace.url} download={enlace.nombre} data-testid="imprimir-enlace">
              Descargar el PDF
            </a>
          </p>
        )}
        <div className="reportes-botones">
          <BotonConIcono
            icono={openOutline}
            ocupado={enCurso === 'ver'}
            fill="outline"
            onClick={() => void generar('ver')}
            disabled={enCurso !== null}
            testId="imprimir-ver"
          >
            Ver PDF
          </BotonConIcono>
          <BotonConIcono
            icono={downloadOutline}
            ocupado={enCurso === 'descargar'}
            onClick={() => void generar('descargar')}
            disabled={enCurso !== null}
            testId="imprimir-descargar"
          >
            Descargar PDF
          </BotonConIcono>
        </div>
        {enCurso && (
          <p className="reportes-ayuda" role="status">
            Generando el PDF…
          </p>
        )}
      </section>
    </>
  );
}
