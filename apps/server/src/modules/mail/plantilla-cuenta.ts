import { armar, usuarioVisible, type Contenido, type Remitente } from './plantillas.js';

/** What changed in a person's access to their account, from Mi cuenta. */
export type CambioDeCuenta =
  { tipo: 'email'; nuevo: string | null } | { tipo: 'password' } | { tipo: 'usuario'; anterior: string; nuevo: string };

/**
 * An address shown only enough to be recognised by its owner: «l•••@empresa.com». Mailed to the
 * previous address, a full one would hand whoever reads that mailbox the new one.
 */
export function emailVelado(email: string): string {
  const arroba = email.lastIndexOf('@');
  if (arroba <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(arroba)}`;
}

function queCambio(c: CambioDeCuenta, usuario: string, empresa: string): { asunto: string; parrafo: string } {
  // A login name that reads as an address is not written in a mail (usuarioVisible).
  const visible = usuarioVisible(usuario);
  const delUsuario = visible ? `del usuario ${visible} de ${empresa}` : `de su usuario de ${empresa}`;
  switch (c.tipo) {
    case 'email':
      return {
        asunto: 'Cambió el email de su cuenta de Delego',
        parrafo: c.nuevo
          ? `El email ${delUsuario} ahora es ${emailVelado(c.nuevo)}. Los avisos y la recuperación de la contraseña van a esa dirección; a esta, ya no.`
          : `El email ${delUsuario} se quitó. Los avisos y la recuperación de la contraseña dejan de llegar a esta dirección.`,
      };
    case 'password':
      return { asunto: 'Cambió la contraseña de su cuenta de Delego', parrafo: `La contraseña ${delUsuario} cambió.` };
    case 'usuario': {
      const anterior = usuarioVisible(c.anterior);
      const nuevo = usuarioVisible(c.nuevo);
      return {
        asunto: 'Cambió su nombre de usuario de Delego',
        parrafo:
          anterior && nuevo
            ? `Su nombre de usuario de ${empresa} cambió de ${anterior} a ${nuevo}: ahora ingresa con el nuevo.`
            : `Su nombre de usuario de ${empresa} cambió: ahora ingresa con el nuevo.`,
      };
    }
  }
}

/**
 * Mi cuenta changed what gives access to the account: the holder hears of it at the address the
 * account had, so a change made from a session left open does not go unnoticed.
 */
export function plantillaCambioDeCuenta(d: {
  remitente: Remitente;
  nombre: string;
  usuario: string;
  cambio: CambioDeCuenta;
  enlace: string;
}): Contenido {
  const { asunto, parrafo } = queCambio(d.cambio, d.usuario, d.remitente.entidadNombre);
  return armar({
    remitente: d.remitente,
    asunto,
    saludo: `Hola, ${d.nombre}:`,
    parrafos: [parrafo, 'Se cambió desde «Mi cuenta», con su sesión iniciada.'],
    boton: 'Ir a Delego',
    enlace: d.enlace,
    notas: [
      'Si fue usted, no tiene que hacer nada.',
      'Si no fue usted, avise enseguida a un administrador de su empresa para que desactive su usuario y le cambie la contraseña.',
    ],
  });
}
