import { PlantillaDeTipo } from '../../features/checklists';
import { ConformidadDeTipo } from '../../features/conformity';
import TipoOrdenPage from '../../features/admin/catalog/components/tipo-orden-page';

/** Under an existing order type: its checklist template and what it requires of the client's conformity (issue 31). */
function extra(id: number) {
  return (
    <>
      <PlantillaDeTipo tipoOrdenId={id} />
      <ConformidadDeTipo tipoOrdenId={id} />
    </>
  );
}

/** Route `tipo-orden`: the admin form of an order type with what other features keep about it. */
export default function TipoOrdenConExtrasPage() {
  return <TipoOrdenPage extra={extra} />;
}
