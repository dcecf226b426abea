import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { createOutline, locationOutline } from 'ionicons/icons';
import { useState } from 'react';
import { CampoSeleccion } from '../../../components/campos';
import { campoDeFiltro } from '../../../lib/campo-de-filtro';
import { PageHeader } from '../../../components/page-header';
import { useUbicaciones } from '../../../domain/equipo';
import { BarraDeBusqueda, CargaAdmin, ListaVacia, plural, useTienePermiso } from '../../admin';
import { EQUIPOS, rutaEquiposDe, UBICACIONES } from '../recurso';
import { useClientesVisibles } from './filtro-cliente';
import { BotonNuevo, FilaEnlace, ListaDeFilas } from './fila';
import '../equipment.css';

/** Ubicaciones (issue 32): the clients' sites, by client and text; each opens its equipos. */
export default function UbicacionesPage() {
  const administra = useTienePermiso('altaClientes');
  const [cliente, setCliente] = useState<number | null>(null);
  const [q, setQ] = useState('');
  const clientes = useClientesVisibles();
  const ubicaciones = useUbicaciones(cliente);
  const buscado = q.trim().toLocaleLowerCase('es');
  const visibles = ubicaciones.data?.filter((u) =>
    [u.nombre, u.codigo, u.direccion, u.cliente.nombre].some((t) => t?.toLocaleLowerCase('es').includes(buscado)),
  );
  const nueva = cliente === null ? UBICACIONES.rutaForm : `${UBICACIONES.rutaForm}?cliente=${cliente}`;

  return (
    <>
      <PageHeader titulo={UBICACIONES.titulo} volverA={EQUIPOS.rutaLista} />
      <IonContent className="delego-page-content">
        <div className="delego-container admin-pagina">
          <BarraDeBusqueda
            valor={q}
            onCambiar={setQ}
            placeholder="Buscar por nombre, código o dirección"
            varios="ubicaciones"
            testId="ubicaciones-buscar"
          >
            <div className="equipos-filtros">
              <CampoSeleccion<number, number | null>
                {...campoDeFiltro(cliente, setCliente, 'cliente')}
                label="Cliente"
                ninguno="Todos los clientes"
                opciones={(clientes.data ?? []).map((c) => ({ valor: c.id, texto: c.nombre }))}
                data-testid="ubicaciones-cliente"
              />
            </div>
          </BarraDeBusqueda>
          {!visibles ? (
            <CargaAdmin consulta={ubicaciones} />
          ) : visibles.length === 0 ? (
            <ListaVacia
              filtrada={buscado !== ''}
              icono={locationOutline}
              varios="ubicaciones"
              testId="ubicaciones-vacio"
            >
              {buscado
                ? `Ninguna ubicación coincide con «${q.trim()}».`
                : administra
                  ? 'Cree la primera con «Nueva ubicación».'
                  : 'Sus clientes todavía no tienen ubicaciones.'}
            </ListaVacia>
          ) : (
            <>
              <p className="admin-conteo" role="status">
                {plural(visibles.length, 'ubicación', 'ubicaciones')}
              </p>
              <ListaDeFilas testId="ubicaciones-lista">
                {visibles.map((u) => (
                  <FilaEnlace
                    key={u.id}
                    ruta={rutaEquiposDe(u)}
                    titulo={u.nombre}
                    linea={`${[u.codigo, u.cliente.nombre, u.direccion].filter(Boolean).join(' — ')} · ${plural(u.equipos, 'equipo', 'equipos')}`}
                    testId={`ubicacion-${u.id}`}
                    despues={
                      administra && (
                        <IonButton
                          fill="clear"
                          routerLink={`${UBICACIONES.rutaForm}?id=${u.id}`}
                          aria-label={`Editar ${u.nombre}`}
                          data-testid={`ubicacion-editar-${u.id}`}
                        >
                          <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
                        </IonButton>
                      )
                    }
                  />
                ))}
              </ListaDeFilas>
            </>
          )}
        </div>
        {administra && <BotonNuevo ruta={nueva} etiqueta={UBICACIONES.nuevo} testId="ubicaciones-nueva" />}
      </IonContent>
    </>
  );
}
