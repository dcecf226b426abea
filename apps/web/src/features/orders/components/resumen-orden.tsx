import type { ReactNode } from 'react';

/** The order a form is about, above its fields: '#1042 Cambio de bomba', and what follows (its state). */
export function ResumenOrden({ orden, children }: { orden: { numero: number; titulo: string }; children?: ReactNode }) {
  return (
    <p className="ordenes-formulario__orden">
      <span className="orden-detalle__numero">#{orden.numero}</span> {orden.titulo}
      {children}
    </p>
  );
}
