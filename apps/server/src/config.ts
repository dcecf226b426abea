import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server, whether running from src/ (tsx, tests) or dist/ (production). */
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

/** A time limit in ms, at least 100 ms. */
const zMs = (byDefault: number) =>
  z.coerce
    .number()
    .int()
    .min(100)
    .max(60 * 60_000)
    .default(byDefault);

/**
 * A service set up with several variables: once `activa` (the variable `nombre`) is set, each of
 * `faltan` ([field, variable]) is required too, an issue per one missing.
 */
function exigirJuntas<C extends Record<string, unknown>>(
  c: C,
  ctx: z.RefinementCtx,
  activa: unknown,
  nombre: string,
  faltan: [keyof C & string, string][],
): void {
  if (!activa) return;
  for (const [campo, variable] of faltan) {
    if (!c[campo]) ctx.addIssue({ code: 'custom', path: [campo], message: `${variable} es obligatoria con ${nombre}` });
  }
}

const zConfig = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Only this machine by default; HOST=0.0.0.0 serves the network. */
    host: z.string().min(1).default('127.0.0.1'),
    /** Who may tell the client address in X-Forwarded-For (TRUST_PROXY, see lib/trust-proxy.ts). */
    trustProxy: z
      .string()
      .default('false')
      .transform((raw, ctx): TrustProxy => {
        const parsed = parseTrustProxy(raw);
        if ('value' in parsed) return parsed.value;
        ctx.addIssue({
          code: 'custom',
          message: `debe ser true, false, un número de saltos o una lista de direcciones/CIDR; no válido: ${parsed.invalid.join(', ')}`,
        });
        return z.NEVER;
      }),
    /** Slow and idle clients are closed (lib/connection-guard.ts): headers, whole request, idle keep-alive, silent socket. */
    headersTimeoutMs: zMs(30_000),
    requestTimeoutMs: zMs(120_000),
    keepAliveTimeoutMs: zMs(72_000),
    connectionTimeoutMs: zMs(120_000),
    /** Open connections per client address (MAX_CONNECTIONS_PER_ADDRESS; 0 turns it off). */
    maxConnectionsPerAddress: z.coerce.number().int().min(0).max(1_000_000).default(256),
    dataDir: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
    databaseUrl: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
      .optional(),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    webDist: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
    credentialCacheTtlMs: z.coerce
      .number()
      .int()
      .min(0)
      .max(10 * 60_000)
      .default(60_000),
    /**
     * How long a page of the order list is answered from memory (LIST_CACHE_MS; 0 turns it off).
     * Any change to an order of the company drops its pages before that.
     */
    listCacheMs: z.coerce
      .number()
      .int()
      .min(0)
      .max(10 * 60_000)
      .default(30_000),
    /** Size limit of one attached file, in MB (MAX_FILE_MB). */
    maxFileMb: z.coerce.number().positive().max(2048).default(25),
    seedDemo: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * Outgoing mail (docs/CORREO.md): SMTP_URL `smtp://user:pass@host:port` (`smtps://` for TLS).
     * Without it, each mail is written as an .eml file to DATA_DIR/correo; the log names the file, never the link.
     */
    smtpUrl: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'debe empezar con smtp:// o smtps://')
      .optional(),
    /** The From of every mail (MAIL_FROM), e.g. `Delego <no-responder@example.com>`. */
    mailFrom: z.string().min(3).default('Delego <no-responder@localhost>'),
    /** Where people write to stop a company's mails or report an abuse (MAIL_CONTACTO); every footer says it. */
    mailContacto: z.string().email('debe ser una dirección de correo').optional(),
    /** The address people open the app at, for the links in mails (PUBLIC_URL); default http://localhost:PORT. */
    publicUrl: z
      .string()
      .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'debe ser una dirección http:// o https://')
      .optional(),
    /** How often the mail worker looks for pending mail when nothing wakes it (MAIL_POLL_MS). */
    mailPollMs: z.coerce
      .number()
      .int()
      .min(50)
      .max(10 * 60_000)
      .default(5_000),
    /**
     * MercadoPago (docs/PLANES.md): without MERCADOPAGO_ACCESS_TOKEN the plans run in test mode,
     * which behaves like MercadoPago's sandbox. MERCADOPAGO_BASE_URL points the SDK elsewhere (tests).
     */
    mercadoPagoAccessToken: z.string().min(1).optional(),
    mercadoPagoPublicKey: z.string().min(1).optional(),
    mercadoPagoWebhookSecret: z.string().min(1).optional(),
    mercadoPagoBaseUrl: z
      .string()
      .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'debe ser una dirección http:// o https://')
      .optional(),
    /** NODE_ENV: `production` counts as a real deployment (payments, docs/PLANES.md «Modo de prueba»). */
    nodeEnv: z.string().default('development'),
    /**
     * PAGOS_MODO_PRUEBA: whether payments may run in test mode without MercadoPago credentials.
     * Unset, only on a development server that listens on loopback (modules/plans/modo-pagos.ts).
     */
    pagosModoPrueba: z
      .enum(['true', 'false'], 'debe ser true o false')
      .transform((v) => v === 'true')
      .optional(),
    /**
     * Attached files in an S3-compatible bucket (docs/DESPLIEGUE.md): S3_URL is the endpoint
     * (`http://127.0.0.1:9000`, path-style); with it, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY
     * are required. Without S3_URL the files stay in DATA_DIR/archivos.
     */
    s3Url: z
      .string()
      .regex(/^https?:\/\/[^\s/@]+(\/[^\s]*)?$/, 'debe ser una dirección http:// o https:// (sin usuario ni clave)')
      .optional(),
    s3Bucket: z.string().min(1).optional(),
    s3AccessKey: z.string().min(1).optional(),
    s3SecretKey: z.string().min(1).optional(),
    s3Region: z.string().min(1).default('us-east-1'),
    /** Prepended to every key, to share a bucket (S3_PREFIX, e.g. `delego/`). */
    s3Prefix: z
      .string()
      .regex(/^[a-z0-9][a-z0-9._/-]*$/i, 'solo letras, números, punto, guion y /')
      .optional(),
    /**
     * METRICAS_TOKEN: turns /metrics on, for whoever sends `Authorization: Bearer <token>`
     * (docs/DESPLIEGUE.md, "Métricas y salud"). Unset, /metrics answers 404.
     */
    metricasToken: z.string().min(16, 'debe tener al menos 16 caracteres').optional(),
    /**
     * SHUTDOWN_DELAY_MS: after SIGTERM, how long the instance keeps accepting connections while its
     * readiness already says 503, so a balancer's health check sees it before connections are
     * refused (0: stop accepting at once).
     */
    shutdownDelayMs: z.coerce
      .number()
      .int()
      .min(0)
      .max(10 * 60_000)
      .default(0),
    /** SHUTDOWN_TIMEOUT_MS: how long requests in flight may take to finish after SIGTERM. */
    shutdownTimeoutMs: zMs(10_000),
    /**
     * WhatsApp Business Cloud API (docs/WHATSAPP.md): with WHATSAPP_TOKEN (a system user's permanent
     * token) messages really go, and WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET (the webhook's
     * signature) and WHATSAPP_VERIFY_TOKEN (the webhook's verification) are required. Without it,
     * the test mode writes each message to DATA_DIR/whatsapp. WHATSAPP_API_URL points elsewhere (tests).
     */
    whatsappToken: z.string().min(1).optional(),
    whatsappPhoneNumberId: z
      .string()
      .regex(/^\d{5,30}$/, 'debe ser el identificador numérico del número (Phone number ID)')
      .optional(),
    whatsappAppSecret: z.string().min(1).optional(),
    whatsappVerifyToken: z.string().min(1).optional(),
    whatsappApiUrl: z
      .string()
      .regex(/^https?:\/\/[^\s/@]+(\/[^\s]*)?$/, 'debe ser una dirección http:// o https:// (sin usuario ni clave)')
      .optional(),
  })
  .refine((c) => c.headersTimeoutMs <= c.requestTimeoutMs, {
    path: ['headersTimeoutMs'],
    message: 'no puede ser mayor que REQUEST_TIMEOUT_MS',
  })
  .superRefine((c, ctx) =>
    exigirJuntas(c, ctx, c.s3Url, 'S3_URL', [
      ['s3Bucket', 'S3_BUCKET'],
      ['s3AccessKey', 'S3_ACCESS_KEY'],
      ['s3SecretKey', 'S3_SECRET_KEY'],
    ]),
  )
  .superRefine((c, ctx) =>
    exigirJuntas(c, ctx, c.whatsappToken, 'WHATSAPP_TOKEN', [
      ['whatsappPhoneNumberId', 'WHATSAPP_PHONE_NUMBER_ID'],
      ['whatsappAppSecret', 'WHATSAPP_APP_SECRET'],
      ['whatsappVerifyToken', 'WHATSAPP_VERIFY_TOKEN'],
    ]),
  )
  .transform(
    ({
      publicUrl,
      s3Url,
      s3Bucket,
      s3AccessKey,
      s3SecretKey,
      s3Region,
      s3Prefix,
      whatsappToken,
      whatsappPhoneNumberId,
      whatsappAppSecret,
      whatsappVerifyToken,
      whatsappApiUrl,
      ...c
    }) => ({
      ...c,
      publicUrl: (publicUrl ?? `http://localhost:${c.port}`).replace(/\/+$/, ''),
      /** The bucket of the attached files, or null for the folder DATA_DIR/archivos. */
      s3:
        s3Url && s3Bucket && s3AccessKey && s3SecretKey
          ? {
              url: s3Url.replace(/\/+$/, ''),
              bucket: s3Bucket,
              accessKey: s3AccessKey,
              secretKey: s3SecretKey,
              region: s3Region,
              prefix: s3Prefix,
            }
          : null,
      /**
       * WhatsApp: `cloudApi` when WHATSAPP_TOKEN is set (the real adapter), else null (the test mode).
       * The webhook's secret and verify token count in both modes.
       */
      whatsapp: {
        cloudApi:
          whatsappToken && whatsappPhoneNumberId
            ? { token: whatsappToken, phoneNumberId: whatsappPhoneNumberId, apiUrl: whatsappApiUrl }
            : null,
        appSecret: whatsappAppSecret ?? null,
        verifyToken: whatsappVerifyToken ?? null,
      },
    }),
  );
export type Config = z.infer<typeof zConfig>;

/** Reads the configuration once from the environment; a bad value stops the start with a list of problems. */
/** The configuration; when it is wrong, the reason on stderr and exit code 2 (the server and its commands). */
export function configuracionOSalir(): Config {
  try {
    return loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zConfig.safeParse({
    port: env.PORT || undefined,
    host: env.HOST || undefined,
    trustProxy: env.TRUST_PROXY || undefined,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS || undefined,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS || undefined,
    keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS || undefined,
    connectionTimeoutMs: env.CONNECTION_TIMEOUT_MS || undefined,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS || undefined,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL || undefined,
    webDist: env.WEB_DIST || undefined,
    credentialCacheTtlMs: env.CREDENTIAL_CACHE_TTL_MS || undefined,
    seedDemo: env.SEED_DEMO || undefined,
    maxFileMb: env.MAX_FILE_MB || undefined,
    listCacheMs: env.LIST_CACHE_MS || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    mailContacto: env.MAIL_CONTACTO || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    mailPollMs: env.MAIL_POLL_MS || undefined,
    mercadoPagoAccessToken: env.MERCADOPAGO_ACCESS_TOKEN || undefined,
    mercadoPagoPublicKey: env.MERCADOPAGO_PUBLIC_KEY || undefined,
    mercadoPagoWebhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || undefined,
    mercadoPagoBaseUrl: env.MERCADOPAGO_BASE_URL || undefined,
    nodeEnv: env.NODE_ENV || undefined,
    pagosModoPrueba: env.PAGOS_MODO_PRUEBA || undefined,
    s3Url: env.S3_URL || undefined,
    s3Bucket: env.S3_BUCKET || undefined,
    s3AccessKey: env.S3_ACCESS_KEY || undefined,
    s3SecretKey: env.S3_SECRET_KEY || undefined,
    s3Region: env.S3_REGION || undefined,
    s3Prefix: env.S3_PREFIX || undefined,
    metricasToken: env.METRICAS_TOKEN || undefined,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS || undefined,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS || undefined,
    whatsappToken: env.WHATSAPP_TOKEN || undefined,
    whatsappPhoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
    whatsappAppSecret: env.WHATSAPP_APP_SECRET || undefined,
    whatsappVerifyToken: env.WHATSAPP_VERIFY_TOKEN || undefined,
    whatsappApiUrl: env.WHATSAPP_API_URL || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${problems.join('\n')}`);
  }
  return parsed.data;
}

/** A configuration for tests and tools, without reading the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...zConfig.parse({}), logLevel: 'silent', seedDemo: false, ...overrides };
}
