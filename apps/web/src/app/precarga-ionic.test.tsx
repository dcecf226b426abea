import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../features/auth';
import { makeOperario } from '../test/factories';
import { PrecargaIonic } from './precarga-ionic';

describe('PrecargaIonic (issue 17: the first-load budget)', () => {
  it('loads nothing more while nobody is logged in (the login screen)', () => {
    const precargar = vi.fn();
    render(
      <SessionContext value={{ usuario: null }}>
        <PrecargaIonic precargar={precargar} />
      </SessionContext>,
    );
    expect(precargar).not.toHaveBeenCalled();
  });

  it('loads the screens’ Ionic components once someone is logged in and the page is idle', async () => {
    const precargar = vi.fn();
    const { rerender } = render(
      <SessionContext value={{ usuario: null }}>
        <PrecargaIonic precargar={precargar} />
      </SessionContext>,
    );
    rerender(
      <SessionContext value={{ usuario: makeOperario() }}>
        <PrecargaIonic precargar={precargar} />
      </SessionContext>,
    );
    // Not during the render that brings the session: after it, when the page is idle (lib/en-reposo.ts).
    expect(precargar).not.toHaveBeenCalled();
    await waitFor(() => expect(precargar).toHaveBeenCalledTimes(1));
  });

  it('does nothing in the unit tests, where the build has not rewritten Ionic', async () => {
    const { precargarIonic } = await import('virtual:ionic-perezoso');
    expect(() => precargarIonic()).not.toThrow();
  });
});
