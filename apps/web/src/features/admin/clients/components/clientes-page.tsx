import type { Cliente } from '@delego/contract';
import { IonBadge, IonIcon, IonItem, IonLabel } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { BotonImportar, ListaAdmin, PantallaAdmin, type DescripcionListaAdmin } from '../../shared/lista-admin';
import { coincide, compararNombres } from '../../shared/nombres';
import { useClientes } from '../api/get-clientes';
import { accesoA } from '../../shared/recurso-admin';
import { CLIENTES } from '../recurso';
import '../../shared/admin.css';

const LISTA: DescripcionListaAdmin = {
  prefijo: 'clientes',
  recurso: CLIENTES,
  icono: businessOutline,
  placeholder: 'Buscar por nombre, CUIT, contacto o email',
  debounce: 200,
};

/** Clientes (needs altaClientes): the company's clients, with search. */
export default function ClientesPage() {
  return (
    <PantallaAdmin titulo={CLIENTES.titulo} {...accesoA(CLIENTES)} acciones={<BotonImportar recurso={CLIENTES} />}>
      <ListaClientes />
    </PantallaAdmin>
  );
}

function ListaClientes() {
  const clientes = useClientes();
  const [busqueda, setBusqueda] = useState('');

  const coinciden = useMemo(
    () =>
      clientes.data
        ?.filter((c) => coincide(busqueda, [c.nombre, c.cuit, c.contacto, c.email, c.direccion]))
        .sort((a, b) => compararNombres(a.nombre, b.nombre)),
    [clientes.data, busqueda],
  );

  return (
    <ListaAdmin
      lista={LISTA}
      busqueda={busqueda}
      onBusqueda={setBusqueda}
      items={coinciden}
      consulta={clientes}
      onRefrescar={() => clientes.refetch()}
      renderItem={(c) => <ClienteItem cliente={c} />}
    />
  );
}

function ClienteItem({ cliente }: { cliente: Cliente }) {
  const detalle = [cliente.cuit && `CUIT ${cliente.cuit}`, cliente.contacto].filter(Boolean).join(' · ');
  const medios = [cliente.email, cliente.telefono].filter(Boolean).join(' · ');
  return (
    <IonItem
      routerLink={`/cliente?id=${cliente.id}`}
      detail
      lines="full"
      className={cliente.activo ? 'admin-usuario' : 'admin-usuario admin-usuario--inactivo'}
      data-testid={`cliente-${cliente.id}`}
    >
      <span className="admin-avatar" slot="start" aria-hidden="true">
        <IonIcon icon={businessOutline} />
      </span>
      <IonLabel>
        <h2 className="admin-usuario__nombre">{cliente.nombre}</h2>
        {detalle && <p>{detalle}</p>}
        {medios && <p>{medios}</p>}
      </IonLabel>
      <IonBadge slot="end" color={cliente.activo ? 'success' : 'medium'} className="admin-badge-estado">
        {cliente.activo ? 'Activo' : 'Inactivo'}
      </IonBadge>
    </IonItem>
  );
}
