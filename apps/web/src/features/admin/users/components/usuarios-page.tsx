import type { UsuarioAdmin } from '@delego/contract';
import { peopleOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { BotonImportar, ListaAdmin, PantallaAdmin, type DescripcionListaAdmin } from '../../shared/lista-admin';
import { coincide, compararNombres, nombreCompleto } from '../../shared/nombres';
import { textoDeBusqueda, useBuscarUsuarios } from '../api/buscar-usuarios';
import { useUsuarios } from '../api/get-usuarios';
import { UsuarioItem } from './usuario-item';
import { accesoA } from '../../shared/recurso-admin';
import { USUARIOS } from '../recurso';
import '../../shared/admin.css';

const ordenarPorNombre = (a: UsuarioAdmin, b: UsuarioAdmin) => compararNombres(nombreCompleto(a), nombreCompleto(b));

const LISTA: DescripcionListaAdmin = {
  prefijo: 'usuarios',
  recurso: USUARIOS,
  icono: peopleOutline,
  placeholder: 'Buscar por nombre, usuario o email',
  // The search goes to the server: it waits a little longer.
  debounce: 300,
};

/** Usuarios (needs altaUsuarios): every user of the company, with search. */
export default function UsuariosPage() {
  return (
    <PantallaAdmin titulo={USUARIOS.titulo} {...accesoA(USUARIOS)} acciones={<BotonImportar recurso={USUARIOS} />}>
      <ListaUsuarios />
    </PantallaAdmin>
  );
}

function ListaUsuarios() {
  const [busqueda, setBusqueda] = useState('');
  const lista = useUsuarios();
  const texto = textoDeBusqueda(busqueda);
  const buscando = texto.length > 0;
  const resultados = useBuscarUsuarios(texto);

  // While the server searches, the list already loaded answers at once.
  const usuarios = useMemo(() => {
    const base = buscando
      ? (resultados.data ?? lista.data?.filter((u) => coincide(texto, [u.usuario, u.nombre, u.apellido, u.email])))
      : lista.data;
    return base ? [...base].sort(ordenarPorNombre) : undefined;
  }, [buscando, resultados.data, lista.data, texto]);

  return (
    <ListaAdmin
      lista={LISTA}
      busqueda={busqueda}
      onBusqueda={setBusqueda}
      items={usuarios}
      consulta={buscando && !usuarios ? resultados : lista}
      onRefrescar={() => Promise.allSettled([lista.refetch(), buscando ? resultados.refetch() : undefined])}
      buscando={buscando && resultados.isFetching}
      sinResultados={(filtro) => (
        <>
          Ningún usuario {filtro === 'todos' ? '' : filtro === 'activos' ? 'activo ' : 'inactivo '}coincide con «{texto}
          ».
        </>
      )}
      renderItem={(u) => <UsuarioItem usuario={u} routerLink={`/usuario?id=${u.id}`} />}
    />
  );
}
