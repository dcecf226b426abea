import type { ReactNode } from 'react';

interface Props {
  /** The heading's id, which names the section for screen readers: 'resumen-historial'. */
  id: string;
  titulo: string;
  /** 'resumen__facturacion' for the parts in a box of their own (a form, the survey). */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** One part of the order's public summary: a section named by its heading. */
export function SeccionResumen({ id, titulo, className, testId, children }: Props) {
  return (
    <section className={className} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="resumen__subtitulo">
        {titulo}
      </h2>
      {children}
    </section>
  );
}
