import { IDIOMA_PLANTILLAS_WHATSAPP, NOMBRES_EVENTO_AVISO, type PlantillasWhatsapp } from '@delego/contract';
import { IonContent } from '@ionic/react';
import { Link } from 'react-router-dom';
import { EstadoError, FilasCargando } from '../../../components/estados-pantalla';
import { PageHeader } from '../../../components/page-header';
import { usePlantillasWhatsapp } from '../api/get-plantillas';
import { partesDePlantilla } from '../model/plantillas';
import { ModoWhatsapp } from './modo-whatsapp';
import './whatsapp.css';

type Plantilla = PlantillasWhatsapp['plantillas'][number];

const DESTINATARIOS: Record<Plantilla['destinatarios'], string> = {
  usuarios: 'Usuarios de la empresa',
  clientes: 'Clientes',
  ambos: 'Usuarios y clientes',
};

/** How a template's language reads. */
function textoIdioma(idioma: string): string {
  return idioma === IDIOMA_PLANTILLAS_WHATSAPP ? `Español de Argentina (${idioma})` : idioma;
}

/**
 * «WhatsApp» (route `/whatsapp`, administrators; issue 35): whether this installation sends real
 * messages or writes them to files, and the approved template of each kind of event with who
 * receives it, its language and its text, each `{{n}}` shown with the name of what goes there.
 */
export default function WhatsappPage() {
  const consulta = usePlantillasWhatsapp();
  return (
    <>
      <PageHeader titulo="WhatsApp" />
      <IonContent className="ion-padding delego-page-content" data-testid="whatsapp-page">
        <div className="delego-container whatsapp-pagina">
          {consulta.data ? (
            <>
              <ModoWhatsapp modo={consulta.data.modo} />
              <h2 className="whatsapp-pagina__titulo">Plantillas</h2>
              <p className="whatsapp-pagina__ayuda">
                WhatsApp solo permite escribir primero con plantillas aprobadas. Estas son las de cada aviso: las de los
                clientes llevan el enlace público de la orden; las del equipo, la orden en la app. Cada persona elige
                sus canales en <Link to="/notificaciones">Notificaciones</Link>.
              </p>
              <ul className="whatsapp-plantillas" data-testid="whatsapp-plantillas">
                {consulta.data.plantillas.map((p) => (
                  <PlantillaItem key={p.evento} plantilla={p} />
                ))}
              </ul>
            </>
          ) : consulta.isError ? (
            <EstadoError ambito="admin" error={consulta.error} onReintentar={() => void consulta.refetch()} />
          ) : (
            <FilasCargando ambito="admin" filas={6} testId="whatsapp-cargando" />
          )}
        </div>
      </IonContent>
    </>
  );
}

function PlantillaItem({ plantilla: p }: { plantilla: Plantilla }) {
  return (
    <li className="delego-card whatsapp-plantilla" data-testid={`plantilla-${p.evento}`}>
      <h3 className="whatsapp-plantilla__evento">{NOMBRES_EVENTO_AVISO[p.evento]}</h3>
      <dl className="whatsapp-plantilla__datos">
        <div>
          <dt>Plantilla</dt>
          <dd>
            <code data-testid="plantilla-nombre">{p.nombre}</code>
          </dd>
        </div>
        <div>
          <dt>La reciben</dt>
          <dd data-testid="plantilla-destinatarios">{DESTINATARIOS[p.destinatarios]}</dd>
        </div>
        <div>
          <dt>Idioma</dt>
          <dd>{textoIdioma(p.idioma)}</dd>
        </div>
      </dl>
      <p className="whatsapp-plantilla__texto" data-testid="plantilla-texto">
        {partesDePlantilla(p.texto, p.parametros).map((parte, i) =>
          parte.tipo === 'texto' ? (
            <span key={i}>{parte.texto}</span>
          ) : (
            <span key={i} className="whatsapp-plantilla__parametro" title={`Parámetro {{${parte.numero}}}`}>
              {parte.nombre}
            </span>
          ),
        )}
      </p>
    </li>
  );
}
