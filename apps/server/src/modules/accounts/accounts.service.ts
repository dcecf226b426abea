import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  type AvisoCuenta,
  type Confirmacion,
  type EnlaceInfo,
  type PasswordRestablecida,
  type RegistroHecho,
  type zConfirmarRecuperarPasswordQuery,
  type zReenviarConfirmacion,
  type zRegistroUsuario,
  MENSAJES_CUENTAS,
  TERMINOS_VERSION,
  VIGENCIA_ENLACE_MS,
} from '@delego/contract';
import type { Db, DbOrTx } from '../../kernel/db/client.js';
// What a new company needs is what the demo's companies get: the same factories (seed/).
import { PLAN_GRATUITO } from '../../seed/catalogo.js';
import { makeEntidad, makePrioridades } from '../../seed/factories.js';
import type { Actor } from '../../kernel/actor.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../kernel/errors.js';
import type { PuertoEntidades } from '../entidades/index.js';
import type { PuertoCorreo } from '../mail/index.js';
import {
  correoDeEmpresa,
  encolarCorreoDeEmpresa,
  plantillaAvisoRegistro,
  plantillaConfirmacion,
  plantillaInvitacion,
  plantillaRecuperacion,
  type MotivoAviso,
} from '../mail/index.js';
import { hashSecret, type CuentaRow, type Invitaciones, type PuertoAltas } from '../identity/index.js';
import { AccountsRepository, type TipoToken, type TokenRow } from './accounts.repository.js';
import { grupoDeDireccion } from '../../lib/direccion.js';
import { type ContadorLimites, cadaCuartoDeHora, cadaHora, Limitador, type Limite } from '../../lib/rate-limit.js';
import { crearToken, hashDeToken } from '../../lib/tokens.js';

type RegistroInput = z.output<typeof zRegistroUsuario>;

const MINUTO = 60_000;
const HORA = 60 * MINUTO;

/** The limits of the public calls: per client address (`d`) and per account named (`c`). */
export interface LimitesCuentas {
  registroDireccion: Limite;
  registroCuenta: Limite;
  reenvioDireccion: Limite;
  reenvioCuenta: Limite;
  confirmarDireccion: Limite;
  recuperarDireccion: Limite;
  recuperarCuenta: Limite;
  enlaceDireccion: Limite;
  restablecerDireccion: Limite;
  restablecerEnlace: Limite;
  /** Mails of one kind to one account, counted in the database (so across instances). */
  correosPorCuenta: Limite;
}

export const LIMITES_CUENTAS_DEFECTO: LimitesCuentas = {
  registroDireccion: cadaHora(10),
  registroCuenta: cadaHora(3),
  reenvioDireccion: cadaCuartoDeHora(10),
  reenvioCuenta: cadaCuartoDeHora(3),
  confirmarDireccion: cadaCuartoDeHora(30),
  recuperarDireccion: cadaCuartoDeHora(10),
  recuperarCuenta: cadaCuartoDeHora(5),
  enlaceDireccion: cadaCuartoDeHora(60),
  restablecerDireccion: cadaCuartoDeHora(10),
  restablecerEnlace: cadaCuartoDeHora(5),
  correosPorCuenta: cadaHora(3),
};

/** Expired tokens are kept this long (a late click still reads "vencido"), then deleted. */
const CONSERVAR_TOKENS_MS = 30 * 24 * HORA;

const invalido = () => new AppError('ENLACE_INVALIDO', MENSAJES_CUENTAS.enlaceInvalido);

/** Thrown inside a sign-up's savepoint to roll back what it wrote (see `register`). */
const DESHACER = Symbol('deshacer');

/** What the accounts service is given (modules/accounts/index.ts builds it). */
export interface DepsAccountsService {
  /** The users' side of sign-up (identity's port). */
  users: PuertoAltas;
  /** The company's name and logo in the mails. */
  entidades: Pick<PuertoEntidades, 'find'>;
  /** The outbox: links' mails are queued in the caller's transaction. */
  mail: Pick<PuertoCorreo, 'kick' | 'enqueue' | 'avisoRegistroPermitido'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** PUBLIC_URL: the links in the mails start with it. */
  publicUrl: string;
  /** Overrides of the public calls' rate limits (tests). */
  limites?: Partial<LimitesCuentas>;
  /** Where the limits count (the kernel's: PostgreSQL's table with several instances); memory by default. */
  contador?: ContadorLimites;
}

/**
 * The public account calls (issue 12; docs/CORREO.md): a company signs itself up, confirms its
 * address, recovers a password; and the invitations an admin sends (`Invitaciones`). Each call is
 * limited per address and per account named; recovery and resend answer the same whatever was
 * named, and do their work after answering, so neither the body nor the time tells anything.
 */
export class AccountsService implements Invitaciones {
  private readonly repo: AccountsRepository;
  private readonly limitador: Limitador;
  private readonly limites: LimitesCuentas;
  private readonly tareas = new Set<Promise<void>>();
  private ultimaLimpieza = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: DepsAccountsService,
  ) {
    this.repo = new AccountsRepository(db);
    this.limites = { ...LIMITES_CUENTAS_DEFECTO, ...deps.limites };
    this.limitador = new Limitador(deps.contador, clock);
  }

  // -------------------------------------------------------------------------------------------
  // Sign-up and confirmation

  /**
   * POST /api/v2/registrar/usuario: in one transaction, the company on the free plan with its
   * quota and default priorities, its owner (PROPIETARIO, every global permission, unconfirmed,
   * the terms version accepted and when), the confirmation link and its mail.
   *
   * The answer never tells whether a login name or an email exists (issue 28): when the email is
   * already an account's, or the login name (or the email) is taken as a login or as another
   * person's email, nothing is kept and the same 201 goes out, after the same argon2 and the same
   * writes (rolled back); the mailbox of the email named gets a notice instead (`avisoRegistro`), so only
   * its owner learns why.
   */
  async register(input: RegistroInput, direccion: string): Promise<RegistroHecho> {
    await this.limitar(direccion, 'registro', this.limites.registroDireccion, this.limites.registroCuenta, [
      `e:${input.email.toLowerCase()}`,
      `u:${input.usuario.toLowerCase()}`,
    ]);
    // argon2 takes tens of milliseconds: before the transaction, not inside it.
    const passwordHash = await hashSecret(input.password);
    await this.db.transaction(async (tx) => {
      const repo = new AccountsRepository(tx);
      await repo.lock({ email: input.email });
      await repo.lock({ usuario: input.usuario });
      const users = this.deps.users;
      const mismo = input.usuario.toLowerCase() === input.email.toLowerCase();
      let motivo: MotivoAviso | undefined;
      if (await users.emailTaken(tx, input.email)) motivo = 'emailConCuenta';
      else if (await users.loginTaken(tx, input.email)) motivo = 'emailEsUsuario';
      else if ((await users.loginTaken(tx, input.usuario)) || (!mismo && (await users.emailTaken(tx, input.usuario)))) {
        motivo = 'usuarioNoDisponible';
      }
      // The same work either way, so the time does not tell either: when nothing may be created the
      // company and its owner (under a login nobody can hold) are written in a savepoint that is
      // then rolled back, and the notice is queued instead.
      try {
        await tx.transaction(async (sp) => {
          await this.crearEmpresa(sp, motivo ? { ...input, usuario: `ensayo#${randomUUID()}` } : input, passwordHash);
          if (motivo) throw DESHACER;
        });
      } catch (err) {
        if (err !== DESHACER) throw err;
      }
      if (motivo) await this.avisoRegistro(tx, input, motivo);
    });
    this.deps.mail.kick();
    return {
      ok: true,
      usuario: input.usuario,
      email: input.email,
      mensaje: MENSAJES_CUENTAS.registroHecho(input.email),
    };
  }

  /** The new company on the free plan, its owner, the confirmation link and its mail. */
  private async crearEmpresa(tx: DbOrTx, input: RegistroInput, passwordHash: string): Promise<void> {
    const ahora = this.clock.now();
    const entidadId = await makeEntidad(tx, {
      nombre: input.entidadNombre,
      plan: PLAN_GRATUITO,
      now: ahora,
      cuit: input.cuit ?? null,
      telefono: input.telefono || null,
    });
    await makePrioridades(tx, entidadId);
    const usuarioId = await this.deps.users.createPropietario(tx, {
      entidadId,
      usuario: input.usuario,
      nombre: input.nombre,
      apellido: input.apellido,
      email: input.email,
      passwordHash,
      terminosVersion: TERMINOS_VERSION,
      terminosAceptados: ahora,
    });
    const cuenta = { id: usuarioId, entidadId, usuario: input.usuario, nombre: input.nombre, email: input.email };
    await this.queueLink(tx, cuenta, 'confirmacion', { nombre: input.entidadNombre, logo: null });
  }

  /**
   * A sign-up that created nothing: a notice to the email named, at most a few a day per address
   * (`LIMITES_CORREO.avisosRegistro`, counted in the outbox under the email's lock), silently.
   */
  private async avisoRegistro(tx: DbOrTx, input: RegistroInput, motivo: MotivoAviso): Promise<void> {
    const avisar = await this.deps.mail.avisoRegistroPermitido(tx, input.email);
    this.deps.log.info({ motivo, avisado: avisar }, 'cuenta.registroNoCreado');
    if (!avisar) return;
    await this.deps.mail.enqueue(tx, {
      tipo: 'aviso_registro',
      para: input.email,
      entidadId: null,
      logo: null,
      contenido: plantillaAvisoRegistro({
        motivo,
        usuario: input.usuario,
        enlace: `${this.deps.publicUrl}/${motivo === 'usuarioNoDisponible' ? 'registro-usuario' : 'login'}`,
      }),
    });
  }

  /**
   * POST /api/v2/registrar/reenviar: a new confirmation mail for an unconfirmed account named by
   * login, email, or the token of an old link. The same answer in every case; the work is done
   * after answering.
   */
  async resendConfirmation(input: z.output<typeof zReenviarConfirmacion>, direccion: string): Promise<AvisoCuenta> {
    const clave = input.k ? `k:${hashDeToken(input.k)}` : `u:${(input.usuario ?? '').toLowerCase()}`;
    await this.limitar(direccion, 'reenvio', this.limites.reenvioDireccion, this.limites.reenvioCuenta, [clave]);
    this.enSegundoPlano('reenvio', async () => {
      let cuentas: CuentaRow[] = [];
      if (input.k) {
        const token = await this.repo.findToken(hashDeToken(input.k));
        const cuenta = token?.tipo === 'confirmacion' ? await this.deps.users.findCuenta(token.usuarioId) : undefined;
        if (cuenta) cuentas = [cuenta];
      } else if (input.usuario) {
        cuentas = await this.deps.users.listCuentas(input.usuario);
      }
      for (const c of cuentas) if (!c.confirmado) await this.sendLink(c, 'confirmacion');
    });
    return { ok: true, mensaje: MENSAJES_CUENTAS.reenvioHecho };
  }

  /**
   * GET /api/v2/confirmar?k=: confirms the account. A second click (or an old link of an account
   * already confirmed) answers `yaConfirmada`; an expired link ENLACE_VENCIDO.
   */
  async confirm(k: string, direccion: string): Promise<Confirmacion> {
    await this.limitar(direccion, 'confirmar', this.limites.confirmarDireccion);
    const token = await this.repo.findToken(hashDeToken(k));
    const cuenta = token?.tipo === 'confirmacion' ? await this.deps.users.findCuenta(token.usuarioId) : undefined;
    if (!token || !cuenta) throw invalido();
    const ya: Confirmacion = {
      estado: 'yaConfirmada',
      usuario: cuenta.usuario,
      mensaje: MENSAJES_CUENTAS.cuentaYaConfirmada,
    };
    if (cuenta.confirmado) return ya;
    if (token.usado) throw new AppError('ENLACE_USADO', MENSAJES_CUENTAS.enlaceUsado);
    const ahora = this.clock.now();
    if (token.vence <= ahora) throw new AppError('ENLACE_VENCIDO', MENSAJES_CUENTAS.enlaceVencido);
    const primera = await this.db.transaction(async (tx) => {
      const repo = new AccountsRepository(tx);
      if (!(await repo.spend(token.id, ahora))) return false;
      await repo.spendAll(cuenta.id, ['confirmacion'], ahora);
      await this.deps.users.confirmCuenta(tx, cuenta.id);
      return true;
    });
    if (!primera) return ya;
    this.deps.log.info({ usuarioId: cuenta.id, entidadId: cuenta.entidadId }, 'cuenta.confirmada');
    return { estado: 'confirmada', usuario: cuenta.usuario, mensaje: MENSAJES_CUENTAS.cuentaConfirmada };
  }

  // -------------------------------------------------------------------------------------------
  // Recovery and invitations

  /**
   * GET /api/v2/recuperarPassword?username=: a recovery mail to the account of that login name or
   * email, if there is one. The answer is the same either way, and comes before the look-up.
   */
  async requestRecovery(username: string, direccion: string): Promise<AvisoCuenta> {
    await this.limitar(direccion, 'recuperar', this.limites.recuperarDireccion, this.limites.recuperarCuenta, [
      `u:${username.toLowerCase()}`,
    ]);
    this.enSegundoPlano('recuperacion', async () => {
      for (const c of await this.deps.users.listCuentas(username)) await this.sendLink(c, 'recuperacion');
    });
    return { ok: true, mensaje: MENSAJES_CUENTAS.recuperacionHecha };
  }

  /** GET /api/v2/recuperarPassword/enlace?k=: what a recovery or invitation link is for (not spent). */
  async linkInfo(k: string, direccion: string): Promise<EnlaceInfo> {
    await this.limitar(direccion, 'enlace', this.limites.enlaceDireccion);
    const { token, cuenta } = await this.linkOf(hashDeToken(k));
    const entidad = await this.deps.entidades.find(cuenta.entidadId);
    return {
      tipo: token.tipo === 'invitacion' ? 'invitacion' : 'recuperacion',
      nombre: cuenta.nombre,
      entidadNombre: entidad?.nombre ?? '',
      vence: token.vence.getTime(),
    };
  }

  /**
   * GET /api/v2/confirmarRecuperarPassword: sets the password, spends this link and every other
   * recovery or invitation link of the user, confirms the account (the link proved the address),
   * and, after the commit, drops the user's cached credentials and live sockets everywhere.
   */
  async resetPassword(
    q: z.output<typeof zConfirmarRecuperarPasswordQuery>,
    direccion: string,
  ): Promise<PasswordRestablecida> {
    const hash = hashDeToken(q.k);
    await this.limitar(direccion, 'restablecer', this.limites.restablecerDireccion, this.limites.restablecerEnlace, [
      `k:${hash}`,
    ]);
    const { token, cuenta } = await this.linkOf(hash);
    const passwordHash = await hashSecret(q.password);
    const ahora = this.clock.now();
    await this.db.transaction(async (tx) => {
      const repo = new AccountsRepository(tx);
      if (!(await repo.spend(token.id, ahora))) throw new AppError('ENLACE_USADO', MENSAJES_CUENTAS.enlaceUsado);
      await repo.spendAll(cuenta.id, ['recuperacion', 'invitacion'], ahora);
      await this.deps.users.confirmCuenta(tx, cuenta.id, passwordHash);
    });
    this.deps.users.credencialesCambiadas(cuenta.entidadId, cuenta.id);
    this.deps.log.info(
      { usuarioId: cuenta.id, entidadId: cuenta.entidadId, tipo: token.tipo },
      'cuenta.passwordFijada',
    );
    return {
      ok: true,
      tipo: token.tipo === 'invitacion' ? 'invitacion' : 'recuperacion',
      usuario: cuenta.usuario,
      mensaje: MENSAJES_CUENTAS.passwordCambiada,
    };
  }

  /**
   * Invitaciones (called by identity's users.save inside its transaction, once this module gave
   * itself to `setInvitaciones`): earlier invitations of the user
   * are spent, a new link (7 days) and its mail are queued.
   */
  async invite(
    tx: DbOrTx,
    actor: Actor,
    invitado: { id: number; usuario: string; nombre: string; email: string },
  ): Promise<void> {
    const ahora = this.clock.now();
    await new AccountsRepository(tx).spendAll(invitado.id, ['invitacion'], ahora);
    const token = await this.issue(tx, invitado.id, 'invitacion');
    const correo = { tipo: 'invitacion', para: invitado.email, entidadId: actor.entidadId } as const;
    await encolarCorreoDeEmpresa(this.deps, tx, correo, (remitente) =>
      plantillaInvitacion({
        remitente,
        nombre: invitado.nombre,
        usuario: invitado.usuario,
        invitadoPor: `${actor.nombre} ${actor.apellido}`.trim() || actor.usuario,
        enlace: this.enlace('invitacion', token),
        vigenciaMs: VIGENCIA_ENLACE_MS.invitacion,
      }),
    );
  }

  /** An admin chose the user's password: the pending invitation links stop working. */
  async revoke(tx: DbOrTx, usuarioId: number): Promise<void> {
    await new AccountsRepository(tx).spendAll(usuarioId, ['invitacion'], this.clock.now());
  }

  flush(): void {
    this.deps.mail.kick();
  }

  /** Resolves when the work started after answering (recovery, resend) is done (tests, close). */
  async idle(): Promise<void> {
    while (this.tareas.size) await Promise.all([...this.tareas]);
  }

  // -------------------------------------------------------------------------------------------

  /** A recovery or invitation link that can still set a password, and whose it is. */
  private async linkOf(hash: string): Promise<{ token: TokenRow; cuenta: CuentaRow }> {
    const token = await this.repo.findToken(hash);
    if (!token || token.tipo === 'confirmacion') throw invalido();
    const cuenta = await this.deps.users.findCuenta(token.usuarioId);
    if (!cuenta || !cuenta.activo) throw invalido();
    if (token.usado) throw new AppError('ENLACE_USADO', MENSAJES_CUENTAS.enlaceUsado);
    if (token.vence <= this.clock.now()) throw new AppError('ENLACE_VENCIDO', MENSAJES_CUENTAS.enlaceVencido);
    return { token, cuenta };
  }

  /**
   * A confirmation or recovery mail for an account (after answering): nothing for an inactive
   * account or one without email, nor past the per-account cap of mails.
   */
  private async sendLink(cuenta: CuentaRow, tipo: 'confirmacion' | 'recuperacion'): Promise<void> {
    const { email } = cuenta;
    if (!email || !cuenta.activo) return;
    const ahora = this.clock.now();
    const desde = new Date(ahora.getTime() - this.limites.correosPorCuenta.ventanaMs);
    const enviado = await this.db.transaction(async (tx) => {
      const repo = new AccountsRepository(tx);
      await repo.lock({ usuarioId: cuenta.id });
      if ((await repo.countSince(cuenta.id, tipo, desde)) >= this.limites.correosPorCuenta.max) return false;
      const entidad = await this.deps.entidades.find(cuenta.entidadId, tx);
      await this.queueLink(tx, { ...cuenta, email }, tipo, {
        nombre: entidad?.nombre ?? '',
        logo: entidad?.logo ?? null,
      });
      return true;
    });
    if (enviado) this.deps.mail.kick();
    else this.deps.log.info({ usuarioId: cuenta.id, tipo }, 'cuenta.correosPorCuentaAlcanzado');
  }

  /** A new link of `tipo` for the account and its mail, in the caller's transaction. */
  private async queueLink(
    tx: DbOrTx,
    cuenta: { id: number; entidadId: number; usuario: string; nombre: string; email: string },
    tipo: 'confirmacion' | 'recuperacion',
    entidad: { nombre: string; logo: string | null },
  ): Promise<void> {
    const token = await this.issue(tx, cuenta.id, tipo);
    const plantilla = tipo === 'confirmacion' ? plantillaConfirmacion : plantillaRecuperacion;
    await this.deps.mail.enqueue(
      tx,
      correoDeEmpresa(entidad, { tipo, para: cuenta.email, entidadId: cuenta.entidadId }, (remitente) =>
        plantilla({
          remitente,
          nombre: cuenta.nombre,
          usuario: cuenta.usuario,
          enlace: this.enlace(tipo, token),
          vigenciaMs: VIGENCIA_ENLACE_MS[tipo],
        }),
      ),
    );
  }

  /** A new token of `tipo` for the user (only its hash is stored); gives the token for the link. */
  private async issue(tx: DbOrTx, usuarioId: number, tipo: TipoToken): Promise<string> {
    const { token, hash } = crearToken();
    const ahora = this.clock.now();
    const repo = new AccountsRepository(tx);
    await repo.insertToken({
      usuarioId,
      tipo,
      hash,
      vence: new Date(ahora.getTime() + VIGENCIA_ENLACE_MS[tipo]),
      creado: ahora,
    });
    if (ahora.getTime() - this.ultimaLimpieza > HORA) {
      this.ultimaLimpieza = ahora.getTime();
      await repo.deleteExpired(new Date(ahora.getTime() - CONSERVAR_TOKENS_MS));
    }
    return token;
  }

  /** PUBLIC_URL/confirmacion/<k> or PUBLIC_URL/password-reset/<k> (the web's pages). */
  private enlace(tipo: TipoToken, token: string): string {
    return `${this.deps.publicUrl}/${tipo === 'confirmacion' ? 'confirmacion' : 'password-reset'}/${token}`;
  }

  /**
   * Counts the call against the address and, when given, against each account key; 429 with
   * Retry-After (and nothing done) past either limit.
   */
  private async limitar(
    direccion: string,
    accion: string,
    porDireccion: Limite,
    porCuenta?: Limite,
    cuentas: string[] = [],
  ): Promise<void> {
    const claves: [string, Limite][] = [[`${accion}:d:${grupoDeDireccion(direccion)}`, porDireccion]];
    if (porCuenta) for (const c of cuentas) claves.push([`${accion}:c:${c}`, porCuenta]);
    await this.limitador.exigir(claves);
  }

  /** Work done after the answer went out; failures are logged, never thrown at anyone. */
  private enSegundoPlano(nombre: string, tarea: () => Promise<void>): void {
    const p: Promise<void> = tarea()
      .catch((err: unknown) => this.deps.log.error({ err }, `cuenta.${nombre}Fallo`))
      .finally(() => this.tareas.delete(p));
    this.tareas.add(p);
  }
}
