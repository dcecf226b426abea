import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server, whether running from src/ (tsx, tests) or dist/ (production). */
export const SERVER_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

const zConfig = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(8080),
  host: z.string().min(1).default('0.0.0.0'),
  dataDir: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
    .optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  webDist: z.string().default(path.join(REPO_ROOT, 'apps', 'web', 'dist')),
  credentialCacheTtlMs: z.coerce.number().int().min(0).max(10 * 60_000).default(60_000),
  /**
   * How long a page of the order list is answered from memory (LIST_CACHE_MS; 0 turns it off).
   * Any change to an order of the company drops its pages before that.
   */
  listCacheMs: z.coerce.number().int().min(0).max(10 * 60_000).default(30_000),
  /** Size limit of one attached file, in MB (MAX_FILE_MB). */
  maxFileMb: z.coerce.number().positive().max(2048).default(25),
  seedDemo: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type Config = z.infer<typeof zConfig>;

/** Reads the configuration once from the environment; a bad value stops the start with a list of problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zConfig.safeParse({
    port: env.PORT || undefined,
    host: env.HOST || undefined,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL || undefined,
    webDist: env.WEB_DIST || undefined,
    credentialCacheTtlMs: env.CREDENTIAL_CACHE_TTL_MS || undefined,
    seedDemo: env.SEED_DEMO || undefined,
    maxFileMb: env.MAX_FILE_MB || undefined,
    listCacheMs: env.LIST_CACHE_MS || undefined,
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
