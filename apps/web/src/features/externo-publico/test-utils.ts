import type { VistaExterno } from '@delego/contract';

/** The view of a contractor's link, as GET /api/v4/externo answers it. */
export function makeVista(
  cambios: Partial<VistaExterno> & { respuesta?: VistaExterno['externo']['respuesta'] } = {},
): VistaExterno {
  const { respuesta = 'pendiente', ...resto } = cambios;
  return {
    empresa: { nombre: 'Demo Servicios S.A.', zonaHoraria: 'America/Argentina/Buenos_Aires' },
    externo: { nombre: 'Juan Pérez', usuarioId: 90, respuesta, motivo: null, vence: null, mensaje: null },
    orden: {
      id: 12,
      numero: 345,
      titulo: 'Caldera sin presión',
      detalle: 'La caldera del piso 2 pierde presión.',
      estadoId: 1,
      cliente: 'Hotel Los Andes',
      ubicacion: 'Sede Centro',
      equipo: 'Caldera 2',
      tipo: 'Correctivo',
      prioridad: 'Alta',
      fechaFin: Date.UTC(2026, 10, 20, 15),
    },
    estadosSiguientes: respuesta === 'aceptada' ? [2, 3, 4] : [],
    historial: [],
    horas: [],
    gastos: [],
    tieneChecklist: false,
    ...resto,
  };
}
