import type { ReactNode } from 'react';

interface Props {
  /** The heading's id: the section is named by its heading (aria-labelledby). */
  id: string;
  titulo: ReactNode;
  /** The section's classes. */
  clase?: string;
  /** The heading's classes. */
  claseTitulo?: string;
  /** With a header row: its classes; the heading goes in it, followed by `junto`. */
  claseCabecera?: string;
  /** Beside the heading, in the header row: a badge, a count, a button. */
  junto?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/**
 * A section named by its `<h2>` (screen readers announce the section by its title), alone or in a
 * header row with something beside it, then its content.
 */
export function SeccionConTitulo({ id, titulo, clase, claseTitulo, claseCabecera, junto, testId, children }: Props) {
  const encabezado = (
    <h2 id={id} className={claseTitulo}>
      {titulo}
    </h2>
  );
  return (
    <section className={clase} aria-labelledby={id} data-testid={testId}>
      {claseCabecera === undefined ? (
        encabezado
      ) : (
        <div className={claseCabecera}>
          {encabezado}
          {junto}
        </div>
      )}
      {children}
    </section>
  );
}
