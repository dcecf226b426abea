import { LIMITE_CORREOS_AVISO_SLA } from '@delego/contract';
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOperario } from '../../test/factories';
import { alternar } from '../../test/ionic';
import { renderConApp } from '../../test/render';
import { errorDelServidor, simularServidor } from '../../test/servidor';
import { AvisosSlaPorCorreo } from './avisos';

configure({ asyncUtilTimeout: 5000 });

const RUTA = '/api/v4/sla/avisos';

describe('the service-level warnings by mail, each user’s own choice (issue 34)', () => {
  it('shows the saved choice and saves a switch at once, with the daily cap said', async () => {
    const llamadas = simularServidor({
      [`GET ${RUTA}`]: { correo: false },
      [`PUT ${RUTA}`]: ({ cuerpo }) => cuerpo as { correo: boolean },
    });
    renderConApp(<AvisosSlaPorCorreo />, { usuario: makeOperario() });
    const interruptor = await screen.findByTestId('avisos-sla-correo');
    await waitFor(() => expect(interruptor).not.toHaveProperty('disabled', true));
    expect(interruptor).toHaveProperty('checked', false);
    expect(screen.getByTestId('avisos-sla')).toHaveTextContent(`hasta ${LIMITE_CORREOS_AVISO_SLA} por día`);
    alternar(interruptor, true);
    await waitFor(() => expect(llamadas.de('PUT', RUTA)).toHaveLength(1));
    expect(llamadas.de('PUT', RUTA)[0]?.cuerpo).toEqual({ correo: true });
    await waitFor(() => expect(interruptor).toHaveProperty('checked', true));
  });

  it('is not offered when the choice cannot be read', async () => {
    const llamadas = simularServidor({ [`GET ${RUTA}`]: () => errorDelServidor(500, 'falla') });
    renderConApp(<AvisosSlaPorCorreo />, { usuario: makeOperario() });
    await waitFor(() => expect(llamadas.de('GET', RUTA).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByTestId('avisos-sla')).toBeNull());
  });
});
