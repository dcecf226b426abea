import {
  COLUMNAS_IMPORTAR_USUARIOS,
  LIMITES_IMPORTACION,
  ROLES,
  zStoreUser,
  type FilaImportada,
  type ImportarResultado,
  type zImportarPedido,
  cubreRol,
  esAdmin,
  motivoPorRol,
  privilegiosQueFaltan,
  puedeFijarPassword,
  puedeOtorgarCliente,
  puedeOtorgarGlobal,
  type Permiso,
  type PermisoCliente,
  type PermisoGlobal,
  type PermisosDeCliente,
  type PermisosDeUsuario,
  type Privilegio,
  type Rol,
  type UsuarioAdmin,
  type zTogglePermiso,
} from '@delego/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
import type { Actor } from '../../kernel/actor.js';
import type { EventBus } from '../../kernel/bus.js';
import { AppError } from '../../kernel/errors.js';
import { datosDeFila, leerTabla, normalizarColumna } from '../../lib/tabla-importada.js';
import type { TenantCache } from '../../kernel/tenant-cache.js';
import { hashSecret } from './password.js';
import type { PuertoClientes } from '../clients/index.js';
import { exigirPermiso } from '../../kernel/guard.js';
import { PermissionsRepository } from './permissions.repository.js';
import { UsersRepository, isUniqueViolation, type UsuarioRow } from './users.repository.js';
import {
  MENSAJES_USUARIOS,
  NO_ENCONTRADO,
  permisoNombrado,
  publicarCambio,
  sinCruceLoginEmail,
  type Cambio,
} from './usuarios-comun.js';

type StoreUserInput = z.output<typeof zStoreUser>;
type ToggleInput = z.output<typeof zTogglePermiso>;

const BUSQUEDA_MAX = 50;

/**
 * Invitations by mail, written by whoever is given to `setInvitaciones` (the accounts module, at
 * composition): a link to choose a password and its mail, queued in the transaction that creates
 * the user, so both exist exactly when the user does.
 */
export interface Invitaciones {
  invite(
    tx: DbOrTx,
    actor: Actor,
    invitado: { id: number; usuario: string; nombre: string; email: string },
  ): Promise<void>;
  /** The admin chose the user's password: earlier invitation links are spent. */
  revoke(tx: DbOrTx, usuarioId: number): Promise<void>;
  /** After the commit: the mail goes out now rather than at the worker's next look. */
  flush(): void;
}

/**
 * Administration of a company's users: the admin screens' list, search and form, the import, roles
 * and permissions (SPEC §7 users and permissions; issue 4). Every change forgets the user's cached
 * credentials at once through the `usuario.credencialesCambiadas` event, so a deactivated user or
 * a removed permission stops working on the very next call.
 */
export class UsersService {
  private readonly repo: UsersRepository;
  private invitaciones: Invitaciones | undefined;

  /**
   * @param deps.cache the company's user list (GET /api/v2/usuarios), emptied on every change
   * (src/caches.ts).
   */
  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly deps: {
      clients: Pick<PuertoClientes, 'find'>;
      cache: TenantCache<UsuarioAdmin[]>;
    },
  ) {
    this.repo = new UsersRepository(db);
    this.cache = deps.cache;
  }

  readonly cache: TenantCache<UsuarioAdmin[]>;

  /**
   * Who writes invitations (the accounts module registers itself once, at composition): called
   * inside the transaction that saves the user, so the link and its mail commit with the user.
   */
  setInvitaciones(invitaciones: Invitaciones): void {
    if (this.invitaciones) throw new Error('identity: las invitaciones ya tienen quien las escriba');
    this.invitaciones = invitaciones;
  }

  /** The invitations' writer; a server built without one cannot invite (a wiring error). */
  private get inv(): Invitaciones {
    if (!this.invitaciones) throw new Error('identity: nadie escribe las invitaciones (falta setInvitaciones)');
    return this.invitaciones;
  }

  /** GET /api/v4/permisos: the catalogue of global and per-client permissions. */
  catalogue(_actor: Actor): Promise<Permiso[]> {
    return new PermissionsRepository(this.db).catalogue();
  }

  /** GET /api/v2/roles: the roles an admin can assign. */
  listRoles(_actor: Actor): Promise<Rol[]> {
    return this.repo.allRoles();
  }

  /** Forgets the company's cached user lists (GET /api/v2/usuarios/cache/clean). */
  cleanCache(actor: Actor): void {
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'usuarios.cacheLimpiada', entidadId: actor.entidadId });
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  /** GET /api/v2/usuarios: every user of the company, active or not. */
  list(actor: Actor): Promise<UsuarioAdmin[]> {
    exigirPermiso(actor, 'altaUsuarios');
    return this.cache.getOrLoad(actor.entidadId, 'todos', async () =>
      this.withRolesAndPermissions(actor.entidadId, await this.repo.listOfCompany(actor.entidadId)),
    );
  }

  /** For the order screens: the company's active users, by name (who can be made responsable). */
  activosDeEmpresa(entidadId: number) {
    return this.repo.activos(entidadId);
  }

  /**
   * For the contractor links (modules/externos): a hidden user for an outsider, inside the caller's
   * transaction. It never logs in and no list of users shows it (`usuarios.externo`).
   */
  crearExterno(tx: DbOrTx, entidadId: number, nombre: string): Promise<number> {
    return new UsersRepository(tx).insertExterno(entidadId, nombre);
  }

  /** GET /api/v4/usuario/{id}. A user of another company is not found. */
  async find(actor: Actor, id: number): Promise<UsuarioAdmin> {
    exigirPermiso(actor, 'altaUsuarios');
    const row = await this.repo.find(actor.entidadId, id);
    if (!row) throw AppError.notFound(NO_ENCONTRADO);
    const [u] = await this.withRolesAndPermissions(actor.entidadId, [row]);
    return u as UsuarioAdmin;
  }

  /** GET /api/v4/buscar/{text}: the company's users whose login, name or email hold every word of the text. */
  async search(actor: Actor, text: string): Promise<UsuarioAdmin[]> {
    exigirPermiso(actor, 'altaUsuarios');
    const t = text.trim();
    if (!t) throw AppError.invalid('texto', 'Escriba algo para buscar.');
    const rows = await this.repo.search(actor.entidadId, t, BUSQUEDA_MAX);
    return this.withRolesAndPermissions(actor.entidadId, rows);
  }

  private async withRolesAndPermissions(entidadId: number, rows: UsuarioRow[]): Promise<UsuarioAdmin[]> {
    if (!rows.length) return [];
    const [roles, permisos] = await Promise.all([
      this.repo.rolesOfCompany(entidadId),
      new PermissionsRepository(this.db).globalOfCompany(entidadId),
    ]);
    return rows.map((r) => ({
      id: r.id,
      usuario: r.usuario,
      nombre: r.nombre,
      apellido: r.apellido,
      email: r.email,
      activo: r.activo,
      supervisorId: r.supervisorId,
      roles: roles.get(r.id) ?? [],
      permisos: permisos.get(r.id) ?? [],
      invitacionPendiente: r.invitacionPendiente,
    }));
  }

  // -------------------------------------------------------------------------------------------
  // Creating and changing users

  /**
   * POST /api/v4/usuario {storeUser}: creates the user when there is no id, updates it otherwise
   * (a field left out keeps its value). Users are never deleted: `activo: false` deactivates.
   */
  async save(actor: Actor, input: StoreUserInput): Promise<UsuarioAdmin> {
    exigirPermiso(actor, 'altaUsuarios');
    const creating = input.id == null;
    if (input.invitar && input.password) throw AppError.invalid('invitar', MENSAJES_USUARIOS.passwordOInvitacion);
    if (creating && !input.password && !input.invitar) {
      throw AppError.invalid('password', MENSAJES_USUARIOS.passwordObligatoria);
    }
    if (input.password && !creating && !puedeFijarPassword(actor, input.id as number)) {
      throw AppError.forbidden(
        input.id === actor.id ? MENSAJES_USUARIOS.passwordPropiaEnPerfil : MENSAJES_USUARIOS.soloPropietarioPassword,
      );
    }
    const catalogo = await this.repo.allRoles();
    for (const id of input.roles ?? []) {
      if (!catalogo.some((r) => r.id === id)) throw AppError.invalid('roles', `El rol ${id} no existe.`);
    }
    // argon2 takes tens of milliseconds: hash before taking any lock.
    const passwordHash = input.password ? await hashSecret(input.password) : undefined;

    const userId = await this.db.transaction((tx) => this.guardarEn(tx, actor, input, catalogo, passwordHash));
    if (input.invitar) this.inv.flush();
    this.cambio({ entidadId: actor.entidadId, usuarioId: userId });
    return this.find(actor, userId);
  }

  /**
   * POST /api/v4/usuarios/importar (issue 36): each row becomes a user invited by mail, through
   * the same rules as the form (zStoreUser, then `guardarEn` in a savepoint per row: login and
   * email free, roles the actor may give, the invitation and its mail caps). The preview runs it
   * all and rolls back; the confirmation keeps the valid rows in one transaction. A mail cap that
   * refuses an invitation on confirmation rolls back the whole import and says so.
   */
  async importar(actor: Actor, pedido: z.output<typeof zImportarPedido>): Promise<ImportarResultado> {
    exigirPermiso(actor, 'altaUsuarios');
    const tabla = await leerTabla(pedido.nombreArchivo, pedido.contenido, {
      columnas: COLUMNAS_IMPORTAR_USUARIOS,
      obligatorias: ['usuario', 'nombre', 'email'],
      ...LIMITES_IMPORTACION,
    });
    const catalogo = await this.repo.allRoles();
    const vistos = new Map<string, number>();
    const filas: FilaImportada[] = [];
    const entradas: { indice: number; input: StoreUserInput }[] = [];
    for (const { fila, valores } of tabla.filas) {
      const datos = datosDeFila(tabla.columnas, valores);
      const errores: FilaImportada['errores'] = [];
      const nombreRol = normalizarColumna(datos.rol ?? 'OPERARIO').toUpperCase();
      const rol = catalogo.find((r) => r.nombre === nombreRol);
      if (!rol) errores.push({ campo: 'rol', mensaje: `El rol «${datos.rol}» no existe: use ${ROLES.join(', ')}.` });
      const leido = zStoreUser.safeParse({
        usuario: datos.usuario ?? '',
        nombre: datos.nombre ?? '',
        apellido: datos.apellido,
        email: datos.email ?? '',
        roles: rol ? [rol.id] : [],
        invitar: true,
      });
      if (!leido.success) {
        errores.push(...leido.error.issues.map((i) => ({ campo: String(i.path[0] ?? 'fila'), mensaje: i.message })));
      } else if (!leido.data.email) {
        errores.push({ campo: 'email', mensaje: MENSAJES_USUARIOS.emailParaInvitar });
      } else {
        for (const [campo, valor] of [
          ['usuario', leido.data.usuario],
          ['email', leido.data.email],
        ] as const) {
          const antes = vistos.get(valor.toLowerCase());
          if (antes !== undefined) {
            errores.push({ campo, mensaje: `«${valor}» ya está en la fila ${antes} del archivo.` });
          }
        }
      }
      if (errores.length === 0 && leido.success) {
        vistos.set(leido.data.usuario.toLowerCase(), fila);
        if (leido.data.email) vistos.set(leido.data.email.toLowerCase(), fila);
        entradas.push({ indice: filas.length, input: leido.data });
      }
      filas.push({ fila, estado: errores.length ? 'error' : 'ok', datos, errores });
    }

    /** Thrown to roll the preview back once every row has been tried. */
    class SoloVistaPrevia extends Error {}
    let importadas = 0;
    try {
      await this.db.transaction(async (tx) => {
        for (const { indice, input } of entradas) {
          try {
            await tx.transaction((sp) => this.guardarEn(sp, actor, input, catalogo, undefined));
            importadas += 1;
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            if (pedido.confirmar && err.code === 'DEMASIADOS_INTENTOS') {
              throw new AppError(
                'DEMASIADOS_INTENTOS',
                `No se importó ningún usuario. Fila ${filas[indice]?.fila}: ${err.message}`,
                {
                  field: 'archivo',
                  ...(err.extra.retryAfterS ? { retryAfterS: err.extra.retryAfterS } : {}),
                },
              );
            }
            const f = filas[indice] as FilaImportada;
            // A role the actor may not give is refused without a field: it is the row's rol.
            const campo = err.extra.field ?? (err.code === 'SIN_PERMISO' ? 'rol' : 'fila');
            filas[indice] = { ...f, estado: 'error', errores: [{ campo, mensaje: err.message }] };
          }
        }
        if (!pedido.confirmar) throw new SoloVistaPrevia();
      });
    } catch (err) {
      if (!(err instanceof SoloVistaPrevia)) throw err;
    }
    const validas = filas.filter((f) => f.estado === 'ok').length;
    const resultado = { filas, validas, conErrores: filas.length - validas, importadas: 0 };
    if (!pedido.confirmar || importadas === 0) return resultado;
    this.inv.flush();
    this.cache.clear(actor.entidadId);
    this.bus.publish({ type: 'usuarios.cambiados', entidadId: actor.entidadId });
    return { ...resultado, importadas };
  }

  /**
   * The writes of POST /api/v4/usuario inside the caller's transaction `tx`: every rule of the form
   * (login and email free, roles and permissions the actor may give, supervisor, last owner), the
   * row, its roles and permissions and, when asked, the invitation (which the mail caps may refuse).
   * The import (issue 36) runs it once per row.
   */
  private async guardarEn(
    tx: DbOrTx,
    actor: Actor,
    input: StoreUserInput,
    catalogo: { id: number; nombre: string }[],
    passwordHash: string | undefined,
  ): Promise<number> {
    const creating = input.id == null;
    const repo = new UsersRepository(tx);
    await repo.lockEntidad(actor.entidadId);
    const current = creating ? undefined : await repo.find(actor.entidadId, input.id as number);
    if (!creating && !current) throw AppError.notFound(NO_ENCONTRADO);

    const rolesActuales = current ? await repo.rolesOf(actor.entidadId, current.id) : [];
    if (current) await this.exigirAdministrable(tx, actor, current, rolesActuales);

    if (await repo.loginTaken(input.usuario, current?.id)) {
      throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(input.usuario), { field: 'usuario' });
    }
    await sinCruceLoginEmail(
      repo,
      { usuario: input.usuario, email: input.email !== undefined ? input.email : (current?.email ?? null) },
      current,
      'usuario',
    );

    // Roles.
    const roleIds = input.roles ? [...new Set(input.roles)] : rolesActuales.map((r) => r.id);
    const nombresNuevos = roleIds.map((id) => catalogo.find((r) => r.id === id)?.nombre ?? '');
    const nombresActuales = rolesActuales.map((r) => r.nombre);
    const cambiadosRol = [
      ...nombresNuevos.filter((r) => !nombresActuales.includes(r)),
      ...nombresActuales.filter((r) => !nombresNuevos.includes(r)),
    ];
    this.soloRolesQueCubre(actor, cambiadosRol);

    // Active flag and the last owner.
    const activo = input.activo ?? current?.activo ?? true;
    if (
      current?.activo &&
      nombresActuales.includes('PROPIETARIO') &&
      (!activo || !nombresNuevos.includes('PROPIETARIO'))
    ) {
      if ((await repo.countActiveWithRole(actor.entidadId, 'PROPIETARIO', current.id)) === 0) {
        throw new AppError('CONFLICTO', MENSAJES_USUARIOS.ultimoPropietario, {
          field: activo ? 'roles' : 'activo',
        });
      }
    }
    if (current && current.id === actor.id && !activo) {
      throw new AppError('CONFLICTO', MENSAJES_USUARIOS.noDesactivarseASiMismo, { field: 'activo' });
    }

    // Global permissions.
    const permisosActuales = current ? await new PermissionsRepository(tx).globalOf(current.id) : [];
    const permisos = input.permisos ? [...new Set(input.permisos)] : permisosActuales;
    const cambiados = [
      ...permisos.filter((p) => !permisosActuales.includes(p)),
      ...permisosActuales.filter((p) => !permisos.includes(p)),
    ];
    this.soloLoQueTiene(actor, cambiados);
    if (current?.id === actor.id && cambiados.includes('altaUsuarios')) {
      throw new AppError('CONFLICTO', MENSAJES_USUARIOS.noQuitarseAltaUsuarios, { field: 'permisos' });
    }

    // Supervisor: same company, active, not themselves, no cycle.
    const supervisorId = input.supervisorId !== undefined ? input.supervisorId : (current?.supervisorId ?? null);
    if (supervisorId !== null && supervisorId !== current?.supervisorId) {
      await this.validarSupervisor(repo, actor.entidadId, supervisorId, current?.id);
    }

    const datos = {
      usuario: input.usuario,
      nombre: input.nombre,
      apellido: input.apellido ?? current?.apellido ?? '',
      email: input.email !== undefined ? input.email : (current?.email ?? null),
      activo,
      supervisorId,
    };
    if (input.invitar) {
      if (!datos.email) throw AppError.invalid('email', MENSAJES_USUARIOS.emailParaInvitar);
      if (current && !current.invitacionPendiente) throw AppError.invalid('invitar', MENSAJES_USUARIOS.yaTienePassword);
    }
    let id: number;
    try {
      if (current) {
        await repo.update(actor.entidadId, current.id, { ...datos, ...(passwordHash ? { passwordHash } : {}) });
        id = current.id;
      } else {
        // Invited: no password until they choose one through the link.
        id = await repo.insert({ ...datos, entidadId: actor.entidadId, passwordHash: passwordHash ?? null });
      }
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError('CONFLICTO', MENSAJES_USUARIOS.loginEnUso(input.usuario), { field: 'usuario' });
      }
      throw err;
    }
    if (input.roles) await repo.setRoles(id, roleIds);
    if (input.permisos) await new PermissionsRepository(tx).replaceGlobal(id, permisos);
    if (passwordHash && current?.invitacionPendiente) await this.inv.revoke(tx, id);
    if (input.invitar && datos.email) {
      await this.inv.invite(tx, actor, {
        id,
        usuario: datos.usuario,
        nombre: datos.nombre,
        email: datos.email,
      });
    }
    return id;
  }

  private async validarSupervisor(
    repo: UsersRepository,
    entidadId: number,
    supervisorId: number,
    userId: number | undefined,
  ): Promise<void> {
    if (supervisorId === userId) {
      throw AppError.invalid('supervisorId', 'Un usuario no puede ser su propio supervisor.');
    }
    const sup = await repo.find(entidadId, supervisorId);
    if (!sup) throw AppError.invalid('supervisorId', 'El supervisor elegido no es un usuario de su empresa.');
    if (!sup.activo) throw AppError.invalid('supervisorId', 'El supervisor elegido está desactivado.');
    if (userId !== undefined && (await repo.supervisorChain(entidadId, supervisorId)).includes(userId)) {
      throw AppError.invalid(
        'supervisorId',
        `${sup.nombre} ${sup.apellido}`.trim() +
          ' ya está en el equipo de este usuario: asignarlo como supervisor formaría un ciclo.',
      );
    }
  }

  /**
   * A user is changed (any field, its roles or its permissions) only by someone who holds
   * everything they hold (`privilegiosQueFaltan`, the contract's rule): owners only by owners,
   * admins only by admins, and nobody by a user with fewer permissions.
   */
  private async exigirAdministrable(
    tx: DbOrTx,
    actor: Actor,
    target: UsuarioRow,
    roles: readonly Rol[],
  ): Promise<void> {
    const [globales, clientes] = await Promise.all([
      new PermissionsRepository(tx).globalOf(target.id),
      new PermissionsRepository(tx).clientPermsOf(actor.entidadId, target.id),
    ]);
    const faltan = privilegiosQueFaltan(actor, { roles, globales, clientes });
    if (!faltan.length) return;
    const porRol = motivoPorRol(faltan);
    if (porRol) throw AppError.forbidden(porRol);
    const nombre = `${target.nombre} ${target.apellido}`.trim() || target.usuario;
    throw AppError.forbidden(
      MENSAJES_USUARIOS.tieneMasQueUsted(nombre, await this.describir(tx, actor.entidadId, faltan)),
    );
  }

  /** "el rol SUPERVISOR", "altaClientes", "delegarOrden en Hotel Los Andes". */
  private async describir(tx: DbOrTx, entidadId: number, faltan: readonly Privilegio[]): Promise<string[]> {
    const nombres = new Map<number, string>();
    for (const f of faltan) {
      if (f.tipo === 'cliente' && !nombres.has(f.clienteId)) {
        nombres.set(
          f.clienteId,
          (await this.deps.clients.find(entidadId, f.clienteId, tx))?.nombre ?? `el cliente ${f.clienteId}`,
        );
      }
    }
    return faltan.map((f) =>
      f.tipo === 'rol'
        ? `el rol ${f.rol}`
        : f.tipo === 'global'
          ? permisoNombrado(f.permiso)
          : permisoNombrado(f.permiso, nombres.get(f.clienteId) ?? ''),
    );
  }

  /** Roles are given or taken only by someone who holds them or a higher one (so nobody raises their own). */
  private soloRolesQueCubre(actor: Actor, roles: readonly string[]): void {
    for (const rol of roles) {
      if (cubreRol(actor, rol)) continue;
      if (rol === 'PROPIETARIO') throw AppError.forbidden(MENSAJES_USUARIOS.soloPropietarioRol);
      if (rol === 'ADMIN') throw AppError.forbidden(MENSAJES_USUARIOS.soloAdminRol);
      throw AppError.forbidden(MENSAJES_USUARIOS.soloRolesQueTiene(rol));
    }
  }

  /** Global permissions are given or taken only by someone who holds them (or an owner). */
  private soloLoQueTiene(actor: Actor, permisos: readonly string[]): void {
    const faltan = permisos.filter((p) => !puedeOtorgarGlobal(actor, p));
    if (faltan.length)
      throw AppError.forbidden(MENSAJES_USUARIOS.soloLoQueTiene(faltan.map((p) => permisoNombrado(p))));
  }

  // -------------------------------------------------------------------------------------------
  // A user's permissions

  /** GET /api/v4/permisos/{user}: the user's global permissions and stored per-client ones. */
  async permisosDe(actor: Actor, userId: number, tx: DbOrTx = this.db): Promise<PermisosDeUsuario> {
    exigirPermiso(actor, 'altaUsuarios');
    const repo = new UsersRepository(tx);
    const user = await repo.find(actor.entidadId, userId);
    if (!user) throw AppError.notFound(NO_ENCONTRADO);
    const [roles, globales, clientes] = await Promise.all([
      repo.rolesOf(actor.entidadId, userId),
      new PermissionsRepository(tx).globalOf(userId),
      new PermissionsRepository(tx).clientPermsOf(actor.entidadId, userId),
    ]);
    return { usuarioId: userId, esAdmin: esAdmin({ roles }), globales: [...globales].sort(), clientes };
  }

  /**
   * POST /api/v4/permisos/toggle/{user} {cliente, permiso, accion}: grants (accion true) or
   * revokes (false) one permission: a per-client one when cliente is a client id, a global one
   * when cliente is null.
   */
  async togglePermiso(actor: Actor, userId: number, input: ToggleInput): Promise<PermisosDeUsuario> {
    exigirPermiso(actor, 'altaUsuarios');
    await this.db.transaction(async (tx) => {
      const repo = new UsersRepository(tx);
      await repo.lockEntidad(actor.entidadId);
      const target = await repo.find(actor.entidadId, userId);
      if (!target) throw AppError.notFound(NO_ENCONTRADO);
      await this.exigirAdministrable(tx, actor, target, await repo.rolesOf(actor.entidadId, userId));

      if (input.cliente == null) {
        const permiso = input.permiso as PermisoGlobal;
        this.soloLoQueTiene(actor, [permiso]);
        if (target.id === actor.id && permiso === 'altaUsuarios' && !input.accion) {
          throw new AppError('CONFLICTO', MENSAJES_USUARIOS.noQuitarseAltaUsuarios, { field: 'permiso' });
        }
        await new PermissionsRepository(tx).setGlobal(userId, permiso, input.accion);
        return;
      }
      const clienteId = input.cliente;
      const cliente = await this.deps.clients.find(actor.entidadId, clienteId, tx);
      if (!cliente) throw AppError.notFound('No se encontró el cliente.');
      const permiso = input.permiso as PermisoCliente;
      if (!puedeOtorgarCliente(actor, clienteId, permiso)) {
        throw AppError.forbidden(MENSAJES_USUARIOS.soloLoQueTiene([permisoNombrado(permiso, cliente.nombre)]));
      }
      const row: PermisosDeCliente = (await new PermissionsRepository(tx).clientRow(
        actor.entidadId,
        userId,
        clienteId,
      )) ?? {
        clienteID: clienteId,
        delegarOrden: false,
        modificarOrden: false,
        borrarOrden: false,
      };
      await new PermissionsRepository(tx).saveClientRow(actor.entidadId, userId, { ...row, [permiso]: input.accion });
    });
    this.cambio({ entidadId: actor.entidadId, usuarioId: userId });
    return this.permisosDe(actor, userId);
  }

  /** DELETE /api/v4/permisos/{user}/{client}: removes every per-client permission of the user on the client. */
  async deletePermisosCliente(actor: Actor, userId: number, clienteId: number): Promise<PermisosDeUsuario> {
    exigirPermiso(actor, 'altaUsuarios');
    await this.db.transaction(async (tx) => {
      const repo = new UsersRepository(tx);
      const target = await repo.find(actor.entidadId, userId);
      if (!target) throw AppError.notFound(NO_ENCONTRADO);
      await this.exigirAdministrable(tx, actor, target, await repo.rolesOf(actor.entidadId, userId));
      const cliente = await this.deps.clients.find(actor.entidadId, clienteId, tx);
      if (!cliente) throw AppError.notFound('No se encontró el cliente.');
      const row = await new PermissionsRepository(tx).clientRow(actor.entidadId, userId, clienteId);
      if (!row) return;
      const quitados = (['delegarOrden', 'modificarOrden', 'borrarOrden'] as const).filter((p) => row[p]);
      const faltan = quitados.filter((p) => !puedeOtorgarCliente(actor, clienteId, p));
      if (faltan.length) {
        throw AppError.forbidden(
          MENSAJES_USUARIOS.soloLoQueTiene(faltan.map((p) => permisoNombrado(p, cliente.nombre))),
        );
      }
      await new PermissionsRepository(tx).deleteClientRow(actor.entidadId, userId, clienteId);
    });
    this.cambio({ entidadId: actor.entidadId, usuarioId: userId });
    return this.permisosDe(actor, userId);
  }

  /** After commit: the events and the cache of a changed user (usuarios-comun.ts). */
  private cambio(c: Cambio): void {
    publicarCambio(this.bus, this.cache, c);
  }
}
