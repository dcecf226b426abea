import type { Dia } from '@delego/contract';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DelDia } from '../model/grilla';
import { Agenda } from './vistas';

const ZONA = 'America/Argentina/Buenos_Aires';
const nada: DelDia = { ordenes: [], programadas: [] };
const acciones = { abrir: () => undefined, pedirMover: () => undefined, arrastrable: false };
const dias = (...d: Dia[]) => new Map(d.map((x) => [x, nada] as const));

describe('the phone agenda opens at today', () => {
  const desplazados: string[] = [];
  beforeEach(() => {
    // 28/11/2026 at noon in the company's zone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T15:00:00Z'));
    desplazados.length = 0;
    Element.prototype.scrollIntoView = function (this: Element) {
      desplazados.push(this.getAttribute('data-testid') ?? '');
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('scrolls to the first day from today on, once per month, not on a refresh', () => {
    const { rerender } = render(
      <Agenda dias={dias('2026-11-02', '2026-11-30', '2026-11-13')} zona={ZONA} acciones={acciones} />,
    );
    expect(desplazados).toEqual(['calendario-agenda-2026-11-30']);
    // A live refresh adds today: the list stays where the person left it.
    rerender(<Agenda dias={dias('2026-11-02', '2026-11-28', '2026-11-30')} zona={ZONA} acciones={acciones} />);
    expect(desplazados).toEqual(['calendario-agenda-2026-11-30']);
  });

  it('does not scroll another month, nor a month whose first day with something is already today or later', () => {
    render(<Agenda dias={dias('2026-12-01', '2026-12-15')} zona={ZONA} acciones={acciones} />);
    render(<Agenda dias={dias('2026-10-05', '2026-10-20')} zona={ZONA} acciones={acciones} />);
    render(<Agenda dias={dias('2026-11-28', '2026-11-29')} zona={ZONA} acciones={acciones} />);
    render(<Agenda dias={dias('2026-11-02', '2026-11-03')} zona={ZONA} acciones={acciones} />);
    expect(desplazados).toEqual([]);
  });
});
