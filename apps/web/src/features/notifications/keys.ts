/** Query keys of the notifications feature (issue 6). */
export const notificacionesKeys = {
  all: ['notificaciones'] as const,
  listas: () => [...notificacionesKeys.all, 'lista'] as const,
  lista: (usuarioId: number) => [...notificacionesKeys.listas(), usuarioId] as const,
  vapid: () => [...notificacionesKeys.all, 'vapid'] as const,
};
