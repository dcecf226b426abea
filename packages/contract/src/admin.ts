import { z } from 'zod';
import { MD5_HEX, zPermisoCliente, zPermisoGlobal, zPermisosDeCliente, zRol } from './auth.js';
import { zId, zIdNombre, zTexto } from './common.js';
import { zCuit } from './cuit.js';
import { zPersonaConEmail } from './orders.js';

/**
 * Administration (issue 4): users, roles, per-client permissions, clients, areas, order types,
 * the E5S catalogue, the profile (Mi cuenta) and the company logo. Paths and field names follow
 * SPEC §7; references travel as ids; passwords only as the MD5 hex.
 */

export const LIMITES_ADMIN = {
  usuario: 60,
  nombre: 100,
  email: 254,
  buscar: 100,
  clienteNombre: 150,
  clienteTexto: 250,
  clienteNotas: 2000,
  clienteTelefono: 50,
  etiqueta: 100,
  e5sClave: 50,
  e5sNombre: 200,
  e5sFilas: 5000,
  /** Decoded logo bytes accepted before re-encoding. */
  logoBytes: 2 * 1024 * 1024,
  /** The logo is re-encoded to fit in this square. */
  logoLado: 256,
} as const;

const zRefId = zId;

/** '' (an empty form field) travels as null. */
const vacioANull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A required text field: trimmed, 1..max characters, Spanish reasons naming the field («El nombre»). */
export const texto = (campo: string, max: number) =>
  zTexto().trim().min(1, `${campo} es obligatorio.`).max(max, `${campo} admite hasta ${max} caracteres.`);

/** An optional text field: '' travels as null, trimmed, up to max characters. */
export const textoOpcional = (campo: string, max: number) =>
  z.preprocess(vacioANull, zTexto().trim().max(max, `${campo} admite hasta ${max} caracteres.`).nullable()).optional();

/** An optional email: '' travels as null, trimmed, up to max characters, a valid address. */
export const emailOpcional = (max: number) =>
  z
    .preprocess(
      vacioANull,
      zTexto()
        .trim()
        .max(max, `El email admite hasta ${max} caracteres.`)
        .pipe(z.email('El email no es una dirección válida.'))
        .nullable(),
    )
    .optional();

const zEmailOpcional = emailOpcional(LIMITES_ADMIN.email);

/** A login name: letters, digits and . _ - @, 3 to 60 characters; unique across the system. */
export const USUARIO_REGEX = /^[A-Za-z0-9._@-]{3,60}$/;
export const zNombreUsuario = zTexto()
  .trim()
  .regex(
    USUARIO_REGEX,
    'El usuario debe tener de 3 a 60 caracteres: letras sin acentos, números, punto, guion, guion bajo o @.',
  );

/** A password as it travels: the MD5 hex of what the person typed (stored lower-case). */
export const zMd5 = zTexto()
  .transform((s) => s.toLowerCase())
  .pipe(z.string().regex(MD5_HEX, 'La contraseña debe viajar como el MD5 hexadecimal (32 caracteres).'));

// ---------------------------------------------------------------------------------------------
// Users

/** A user as administration sees it (GET /api/v2/usuarios, /api/v4/usuario/{id}, /api/v4/buscar). */
export const zUsuarioAdmin = zPersonaConEmail.extend({
  activo: z.boolean(),
  supervisorId: z.number().int().nullable(),
  roles: z.array(zRol),
  /** Global permission names. */
  permisos: z.array(z.string()),
  /** Invited by mail and has not set a password yet (issue 12). */
  invitacionPendiente: z.boolean().optional(),
});
export type UsuarioAdmin = z.infer<typeof zUsuarioAdmin>;

/**
 * POST /api/v4/usuario {storeUser}: creates when there is no id, updates when there is one.
 * On update, a field left out keeps its value. On create, either password (MD5 hex) or
 * `invitar: true`: the person gets a mail (to `email`, then required) with a link to set their own
 * password (PUBLIC_URL/password-reset/<k>, 7 days). On update, `invitar: true` sends the
 * invitation again to a user who has not set a password yet.
 * roles are role ids (GET /api/v2/roles); permisos are global permission names.
 */
export const zStoreUser = z.object({
  id: zRefId.nullable().optional(),
  usuario: zNombreUsuario,
  nombre: texto('El nombre', LIMITES_ADMIN.nombre),
  apellido: zTexto()
    .trim()
    .max(LIMITES_ADMIN.nombre, `El apellido admite hasta ${LIMITES_ADMIN.nombre} caracteres.`)
    .optional(),
  email: zEmailOpcional,
  roles: z.array(zRefId).max(10, 'Demasiados roles.').optional(),
  permisos: z.array(zPermisoGlobal).max(20, 'Demasiados permisos.').optional(),
  password: zMd5.optional(),
  invitar: z.boolean().optional(),
  activo: z.boolean().optional(),
  supervisorId: zRefId.nullable().optional(),
});
export type StoreUser = z.input<typeof zStoreUser>;

// ---------------------------------------------------------------------------------------------
// Permissions

/** GET /api/v4/permisos/{user}: what the user holds. Admins hold every per-client permission implicitly. */
export const zPermisosDeUsuario = z.object({
  usuarioId: z.number().int(),
  esAdmin: z.boolean(),
  globales: z.array(z.string()),
  /** The per-client permissions stored for this user (admins need none). */
  clientes: z.array(zPermisosDeCliente),
});
export type PermisosDeUsuario = z.infer<typeof zPermisosDeUsuario>;

/**
 * POST /api/v4/permisos/toggle/{user} {cliente, permiso, accion}.
 * With a client id, permiso is a per-client one (delegarOrden, modificarOrden, borrarOrden);
 * with cliente null (or absent), permiso is a global one (altaUsuarios, crearOrden, ...).
 * accion: true grants, false revokes.
 */
export const zTogglePermiso = z
  .object({
    cliente: zRefId.nullable().optional(),
    permiso: zTexto().min(1).max(40),
    accion: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const ok =
      v.cliente == null ? zPermisoGlobal.safeParse(v.permiso).success : zPermisoCliente.safeParse(v.permiso).success;
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['permiso'],
        message:
          v.cliente == null
            ? `"${v.permiso}" no es un permiso global.`
            : `"${v.permiso}" no es un permiso por cliente (delegarOrden, modificarOrden o borrarOrden).`,
      });
    }
  });
export type TogglePermiso = z.input<typeof zTogglePermiso>;

// ---------------------------------------------------------------------------------------------
// Clients

export const zCliente = zIdNombre.extend({
  cuit: z.string().nullable(),
  contacto: z.string().nullable(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  notas: z.string().nullable(),
  activo: z.boolean(),
});
export type Cliente = z.infer<typeof zCliente>;

/** POST /api/v2/cliente {cliente}: creates without id, updates with one (a field left out keeps its value). */
export const zClienteGuardar = z.object({
  id: zRefId.nullable().optional(),
  nombre: texto('El nombre', LIMITES_ADMIN.clienteNombre),
  cuit: zCuit,
  contacto: textoOpcional('El contacto', LIMITES_ADMIN.clienteNombre),
  email: zEmailOpcional,
  telefono: textoOpcional('El teléfono', LIMITES_ADMIN.clienteTelefono),
  direccion: textoOpcional('La dirección', LIMITES_ADMIN.clienteTexto),
  notas: textoOpcional('Las notas', LIMITES_ADMIN.clienteNotas),
  activo: z.boolean().optional(),
});
export type ClienteGuardar = z.input<typeof zClienteGuardar>;

/** GET /api/v2/empresasAsignables: the clients the user may delegate orders to. */
export const zClienteAsignable = zIdNombre;
export type ClienteAsignable = z.infer<typeof zClienteAsignable>;

// ---------------------------------------------------------------------------------------------
// Order types and areas

/** An order type or an area. Archived ones stay on old orders but are not offered for new ones. */
export const zEtiqueta = zIdNombre.extend({
  archivado: z.boolean(),
});
export type Etiqueta = z.infer<typeof zEtiqueta>;
export const zTipoOrden = zEtiqueta;
export type TipoOrden = Etiqueta;
export const zArea = zEtiqueta;
export type Area = Etiqueta;

/** POST /api/v2/tipoOrden {tipo}, POST /api/v3/areas {tipo}: {nombre}. */
export const zEtiquetaCrear = z.object({ nombre: texto('El nombre', LIMITES_ADMIN.etiqueta) });
/** PUT .../{id} {tipo}: {nombre}, and archivado: false to restore an archived one. */
export const zEtiquetaModificar = z.object({
  nombre: texto('El nombre', LIMITES_ADMIN.etiqueta),
  archivado: z.boolean().optional(),
});
export type EtiquetaModificar = z.input<typeof zEtiquetaModificar>;

/** ?incluirArchivados=true on GET /api/v2/tipoOrden/all and /api/v3/areas/all. */
export const zListaEtiquetasQuery = z.object({
  incluirArchivados: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  tsp: zTexto().optional(),
});

/** DELETE /api/v2/tipoOrden/{id}, /api/v3/areas/{id}: deleted, or archived when orders use it. */
export const zEtiquetaBorrada = z.object({
  archivado: z.boolean(),
  ordenes: z.number().int(),
  message: z.string(),
});
export type EtiquetaBorrada = z.infer<typeof zEtiquetaBorrada>;

// ---------------------------------------------------------------------------------------------
// E5S areas

export const zE5sArea = z.object({ clave: z.string(), nombre: z.string() });
export type E5sArea = z.infer<typeof zE5sArea>;

/**
 * POST /api/v2/e5s/areas/importar {csv}: the text of a CSV file, one area a line as
 * `clave;nombre` (or `clave,nombre`, or tab-separated); an optional header line `clave;nombre`;
 * fields may be quoted. It replaces the whole catalogue, or changes nothing if a line is wrong.
 */
export const zE5sImportar = z.object({
  csv: zTexto().min(1, 'El archivo está vacío.').max(900_000, 'El archivo es demasiado grande.'),
});
export const zE5sImportado = z.object({
  importadas: z.number().int(),
  anteriores: z.number().int(),
  message: z.string(),
});
export type E5sImportado = z.infer<typeof zE5sImportado>;

// ---------------------------------------------------------------------------------------------
// Profile and logo

/** The logged-in user's own data (Mi cuenta). */
export const zPerfil = zPersonaConEmail;
export type Perfil = z.infer<typeof zPerfil>;

/**
 * PUT /api/v2/profile {profile}: names and email; to change the password send both
 * passwordActual and passwordNueva (MD5 hex). A field left out keeps its value.
 */
export const zProfile = z
  .object({
    nombre: texto('El nombre', LIMITES_ADMIN.nombre).optional(),
    apellido: zTexto()
      .trim()
      .max(LIMITES_ADMIN.nombre, `El apellido admite hasta ${LIMITES_ADMIN.nombre} caracteres.`)
      .optional(),
    email: zEmailOpcional,
    passwordActual: zMd5.optional(),
    passwordNueva: zMd5.optional(),
  })
  .superRefine((v, ctx) => {
    // The current password goes with a new one, or alone with a new email (the app asks for it
    // before the address that recovers the account changes): checked either way.
    if (v.passwordNueva !== undefined && v.passwordActual === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['passwordActual'],
        message: 'Para cambiar la contraseña envíe la actual y la nueva.',
      });
    }
  });
export type Profile = z.input<typeof zProfile>;

/** POST /api/v2/profile {username}: changes the user's own login name. */
export const zCambioUsername = z.object({ username: zNombreUsuario });

/**
 * PUT /api/v3/entidad/logo {logo}: a data URL or plain base64 of a PNG, JPEG or WebP image of at
 * most 2 MB; the server re-encodes it as PNG within 256x256. null removes the logo.
 */
export const zLogo = z.object({ logo: zTexto().min(1, 'El logo está vacío.').nullable() });
export const zLogoGuardado = z.object({ logo: z.string().nullable() });

/**
 * GET /api/v4/entidad/primeros-pasos (issue 36): what a new company has already done, for the
 * «Primeros pasos» of Inicio. Each flag counts the whole company, not only what the user sees:
 * an active client, another user besides the one asking, an order not deleted.
 */
export const zPrimerosPasos = z.object({
  hayClientes: z.boolean(),
  hayOtrosUsuarios: z.boolean(),
  hayOrdenes: z.boolean(),
});
export type PrimerosPasos = z.infer<typeof zPrimerosPasos>;

// ---------------------------------------------------------------------------------------------
// Importing clients from a CSV or XLSX file (issue 36)

/** Limits of an import: the file's size and its data rows. */
export const LIMITES_IMPORTACION = { maxBytes: 2 * 1024 * 1024, maxFilas: 1000 } as const;

/** The accepted columns of a client import, in the example file's order (SPEC's names, Spanish). */
export const COLUMNAS_IMPORTAR_CLIENTES = [
  'nombre',
  'cuit',
  'email',
  'telefono',
  'direccion',
  'contacto',
  'notas',
] as const;

/** The accepted columns of a user import: each row becomes a user invited by mail (rol: OPERARIO if empty). */
export const COLUMNAS_IMPORTAR_USUARIOS = ['usuario', 'nombre', 'apellido', 'email', 'rol'] as const;

/**
 * POST /api/v4/clientes/importar and /api/v4/usuarios/importar: the file as base64 with its name (.csv or .xlsx), and
 * `confirmar`: false only shows what would happen (nothing is written), true imports the valid
 * rows in one transaction.
 */
export const zImportarPedido = z.object({
  nombreArchivo: zTexto()
    .trim()
    .min(1, 'Falta el nombre del archivo.')
    .max(200, 'El nombre del archivo es demasiado largo.'),
  contenido: zTexto()
    .min(1, 'El archivo está vacío.')
    .max(Math.ceil((LIMITES_IMPORTACION.maxBytes * 4) / 3) + 4, 'El archivo supera los 2 MB.'),
  confirmar: z.boolean().default(false),
});
export type ImportarPedido = z.input<typeof zImportarPedido>;

/** One problem of a row: the column (or `fila`) and why, in Spanish. */
export const zErrorDeFila = z.object({ campo: z.string(), mensaje: z.string() });

/** One data row of the file: its number in the file (the header is row 1), what it read, the result. */
export const zFilaImportada = z.object({
  fila: z.number().int(),
  estado: z.enum(['ok', 'error']),
  datos: z.record(z.string(), z.string()),
  errores: z.array(zErrorDeFila),
});
export type FilaImportada = z.infer<typeof zFilaImportada>;

/** The answer: every row with its result; `importadas` is 0 unless `confirmar`. */
export const zImportarResultado = z.object({
  filas: z.array(zFilaImportada),
  validas: z.number().int(),
  conErrores: z.number().int(),
  importadas: z.number().int(),
});
export type ImportarResultado = z.infer<typeof zImportarResultado>;
