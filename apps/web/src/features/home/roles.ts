/** How the role names of the server read in the interface. */
const NOMBRES_ROL: Record<string, string> = {
  PROPIETARIO: 'Propietario',
  ADMIN: 'Administrador',
  SUPERVISOR: 'Supervisor',
  OPERARIO: 'Operario',
};

export function nombreRol(nombre: string): string {
  return NOMBRES_ROL[nombre] ?? nombre.charAt(0).toLocaleUpperCase('es') + nombre.slice(1).toLocaleLowerCase('es');
}

export function textoRoles(roles: readonly { nombre: string }[]): string {
  return roles.map((r) => nombreRol(r.nombre)).join(', ');
}
