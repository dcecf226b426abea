import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAdmin } from '../../../../test/factories';
import { renderPantalla } from '../../shared/pruebas';
import { json, simularServidor } from '../../../../test/servidor';
import TipoOrdenPage from './tipo-orden-page';

const ACTOR = { ...makeAdmin(), id: 900 };
/** What app/composicion puts under an existing type (its checklist and conformity), as a marker. */
const extra = (id: number) => <p data-testid="extra-del-tipo">Extras del tipo {id}</p>;

describe('tipo-orden (form)', () => {
  it('an existing type shows its form and, under it, what other features keep about it', async () => {
    simularServidor({
      'GET /api/v2/tipoOrden/all': () => json(200, [{ id: 1, nombre: 'Preventivo', archivado: false }]),
    });
    renderPantalla(<TipoOrdenPage extra={extra} />, { usuario: ACTOR, ruta: '/tipo-orden?id=1' });
    expect(await screen.findByTestId('extra-del-tipo')).toHaveTextContent('Extras del tipo 1');
  });

  it('a type that does not exist is a not-found state alone, without the sections of a type', async () => {
    simularServidor({
      'GET /api/v2/tipoOrden/all': () => json(200, [{ id: 1, nombre: 'Preventivo', archivado: false }]),
    });
    renderPantalla(<TipoOrdenPage extra={extra} />, { usuario: ACTOR, ruta: '/tipo-orden?id=99' });
    expect(await screen.findByText('No encontrado')).toBeInTheDocument();
    expect(screen.queryByTestId('extra-del-tipo')).toBeNull();
  });
});
