import { describe, expect, it } from 'vitest';
import { EVENTOS_AVISO, PLANTILLAS_WHATSAPP } from '@delego/contract';
import { plantillaEnlaceOrden, plantillaPedidoFacturacion } from '../src/modules/client-side/plantillas-cliente.js';
import { plantillaEntregaExterno } from '../src/modules/externos/plantilla-externo.js';
import { plantillaEncuesta } from '../src/modules/mail/plantilla-encuesta.js';
import {
  plantillaAvisoDePlan,
  plantillaAvisoRegistro,
  plantillaConfirmacion,
  plantillaInvitacion,
  plantillaRecuperacion,
  type Contenido,
} from '../src/modules/mail/plantillas.js';
import { plantillaCorreoAviso } from '../src/modules/notifications/correo-aviso.js';
import { plantillaInformeSla } from '../src/modules/sla/plantilla-informe.js';
import {
  plantillaSolicitudAceptada,
  plantillaSolicitudRecibida,
  plantillaSolicitudRechazada,
} from '../src/modules/solicitudes/plantillas-solicitud.js';
import { correoDeRespaldo } from '../src/modules/whatsapp/respaldo.js';

/**
 * The plain-text part of a mail has no button: the link is a line «Elegir mi contraseña: https://…».
 * A sentence shared by both parts that says «con el botón de abajo» reads wrong in it (the invitation
 * did). Every template of the server, rendered once per variant, is checked here.
 */
const remitente = { entidadNombre: 'Servicios del Sur', conLogo: false };
const enlace = 'https://delego.example.com/x/k1';
const datosEnlace = { remitente, nombre: 'Eva', enlace, vigenciaMs: 48 * 3_600_000 };
const cliente = {
  entidadNombre: 'Servicios del Sur',
  conLogo: false,
  destinatario: 'Hotel Los Andes',
  numero: 41,
  titulo: 'Caldera',
  enlace,
  enviadoPor: 'Ana Pérez',
};
const solicitud = { remitente, seguimiento: enlace };

const correos: [string, Contenido][] = [
  ['confirmación', plantillaConfirmacion({ ...datosEnlace, usuario: 'eva' })],
  ['recuperación', plantillaRecuperacion({ ...datosEnlace, usuario: 'eva' })],
  ['invitación', plantillaInvitacion({ ...datosEnlace, usuario: 'eva', invitadoPor: 'Ana Pérez' })],
  ['invitación sin usuario visible', plantillaInvitacion({ ...datosEnlace, usuario: '', invitadoPor: 'Ana Pérez' })],
  ['aviso de plan', plantillaAvisoDePlan({ remitente, asunto: 'Su plan', parrafos: ['Vence.'], publicUrl: enlace })],
  ...(['emailConCuenta', 'emailEsUsuario', 'usuarioNoDisponible'] as const).map((motivo): [string, Contenido] => [
    `registro: ${motivo}`,
    plantillaAvisoRegistro({ motivo, usuario: 'eva', enlace }),
  ]),
  [
    'entrega a un externo',
    plantillaEntregaExterno({ remitente, nombre: 'Frío Sur', numero: 41, titulo: 'Caldera', mensaje: null, enlace }),
  ],
  ['enlace de la orden al cliente', plantillaEnlaceOrden(cliente)],
  ['pedido de facturación', plantillaPedidoFacturacion({ ...cliente, vigenciaDias: 30 })],
  ['solicitud recibida', plantillaSolicitudRecibida(solicitud)],
  ['solicitud aceptada', plantillaSolicitudAceptada({ ...solicitud, numero: 41, resumen: enlace })],
  ['solicitud rechazada', plantillaSolicitudRechazada({ ...solicitud, motivo: 'Fuera de zona' })],
  [
    'informe de nivel de servicio',
    plantillaInformeSla({ ...cliente, mes: '2026-10', destinatario: 'Hotel Los Andes' }),
  ],
  [
    'aviso de una notificación',
    plantillaCorreoAviso({
      remitente,
      nombre: 'Eva',
      evento: 'ORDEN_ASIGNADA',
      titulo: 'Le asignaron la orden #41',
      mensaje: 'Caldera',
      orden: { numero: 41, titulo: 'Caldera' },
      enlace,
    }),
  ],
  ...EVENTOS_AVISO.map((evento): [string, Contenido] => [
    `respaldo de WhatsApp: ${evento}`,
    correoDeRespaldo(
      remitente,
      evento,
      PLANTILLAS_WHATSAPP[evento].parametros.map((p) => (p === 'Enlace público' ? enlace : p)),
      'https://delego.example.com',
    ),
  ]),
  [
    'encuesta',
    plantillaEncuesta({
      remitente,
      orden: { numero: 41, titulo: 'Caldera', finalizada: true },
      enlace,
      vigenciaDias: 30,
    }),
  ],
];

describe('la parte de texto de cada correo', () => {
  it.each(correos)('%s: no nombra un botón que no tiene', (_, c) => {
    expect(c.texto).not.toMatch(/bot[oó]n/i);
    expect(c.texto).toContain(enlace);
  });

  it('la invitación dice que la contraseña se elige con el enlace de abajo, en las dos partes', () => {
    const c = plantillaInvitacion({ ...datosEnlace, usuario: 'eva', invitadoPor: 'Ana Pérez' });
    const frase = 'Su usuario es: eva. Elija su contraseña con el enlace de abajo y después inicie sesión.';
    expect(c.texto).toContain(frase);
    expect(c.html).toContain(frase);
    expect(c.texto).toContain(`Elegir mi contraseña: ${enlace}`);
  });
});
