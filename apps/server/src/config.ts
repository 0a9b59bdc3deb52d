import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { MODES } from '@basalt/contracts'
import type { S3Config } from './storage/s3-store.ts'

/** A start-up setting that is wrong: the message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/**
 * How the assistant asks for JSON (docs/ai.md): `json_schema` sends the schema as response_format;
 * `text` asks for JSON in the prompt and reads it from the answer's text; `auto` tries json_schema and, when
 * the provider refuses it, falls back to text for that call and the model's later calls.
 */
export const STRUCTURED_OUTPUT_MODES = ['auto', 'json_schema', 'text'] as const
export type StructuredOutputMode = (typeof STRUCTURED_OUTPUT_MODES)[number]

/** The AI provider (AI_BASE_URL, AI_API_KEY, AI_MODEL…). */
export interface AiConfig {
  baseUrl: string
  apiKey: string | undefined
  model: string
  timeoutMs: number
  structuredOutput: StructuredOutputMode
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  // Loopback unless told otherwise: a Basalt reachable from elsewhere asks its owner for a setup code.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  BASALT_MODE: z.enum(MODES).default('hosted'),
  PLATFORM_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Public URL of the dashboard, used in invitation links; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** Port of the embedded Postgres cluster. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Which proxies' X-Forwarded-For to believe for the client's address: see parseTrustProxy. */
  TRUST_PROXY: z.string().default('false'),
  /** Connections each project's pool may open per role (admin, read-only) on this server. */
  PROJECT_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  /** How long a call waits for a connection of its project's pool while every one is busy. */
  PROJECT_POOL_WAIT_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  /** The SQL editor's runs at once on this server, in all and per organisation (docs/sql-editor.md, "Bounds"). */
  SQL_RUNS_MAX: z.coerce.number().int().min(1).max(10_000).default(32),
  SQL_RUNS_PER_ORG: z.coerce.number().int().min(1).max(10_000).default(8),
  /** Megabytes of result rows the SQL editor's runs hold at once on this server, in all and per organisation. */
  SQL_RESULTS_MEMORY_MB: z.coerce.number().int().min(16).max(1_000_000).default(1024),
  SQL_RESULTS_MEMORY_PER_ORG_MB: z.coerce.number().int().min(16).max(1_000_000).default(512),
  /** Connections a project's own roles may hold at once on its database server (CONNECTION LIMIT). */
  PROJECT_MAX_CONNECTIONS: z.coerce.number().int().min(2).max(1000).default(20),
  /** When base backups of embedded projects are taken: a cron expression (UTC); daily at 03:00 by default. */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(
      /^(\S+\s+){4}\S+$/,
      'must be a cron expression of five fields (minute hour day month weekday), like 0 3 * * * for daily at 03:00 UTC',
    )
    .refine(
      (v) => v.split(/\s+/).every((f) => /^(\*|\d+(-\d+)?)(\/\d+)?(,(\*|\d+(-\d+)?)(\/\d+)?)*$/.test(f)),
      'must be a cron expression of five fields (minute hour day month weekday), like 0 3 * * * for daily at 03:00 UTC',
    )
    .default('0 3 * * *'),
  /** Days of base backups and WAL kept: any point of them can be restored. */
  BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /**
   * Seconds a new embedded project waits for its first base backup (0: at once). Nothing before the first base
   * backup can be restored; servers that make many short-lived projects (the journeys) raise it to save CPU.
   */
  BACKUP_FIRST_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(0),
  /** Projects one organisation may have. */
  ORG_PROJECT_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  /** `free`: every project's upload limit is fixed at 50 MB (spec 3 §6, Storage Settings); `pro`: set per project. */
  STORAGE_PLAN: z.enum(['free', 'pro']).default('pro'),
  /** The AI assistant's OpenAI-compatible endpoint (…/v1); unset: AI is off (docs/ai.md). */
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL, like http://127.0.0.1:11434/v1' })
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().max(200).optional(),
  /** How long one AI call (or a chat stream's wait for its next words) may take. */
  AI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  AI_STRUCTURED_OUTPUT: z.enum(STRUCTURED_OUTPUT_MODES).default('auto'),
  /** Objects' bytes in this S3 bucket instead of DATA_DIR/storage (README "Configuration"). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).max(100).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
})

/**
 * TRUST_PROXY, for Fastify's `trustProxy`: `false` (the socket's address is the client's), `true` (the first
 * X-Forwarded-For address, whoever sent it: only when every request comes through the proxy), a number of
 * proxy hops, or addresses and CIDR ranges of trusted proxies separated by commas (`loopback`, `linklocal`
 * and `uniquelocal` name the usual private ranges). Rate limits and audit entries use the address it gives.
 */
export function parseTrustProxy(value: string): boolean | number | string[] | Error {
  const text = value.trim()
  if (text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return Number(text)
  const entries = text.split(',').map((e) => e.trim())
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address ?? '')
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry)
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32))
    if (!named && (family === 0 || !okBits || extra !== undefined)) {
      return new Error(
        `"${entry}" is not an address or CIDR range (use true, false, a number of hops, or addresses like 10.0.0.0/8)`,
      )
    }
  }
  return entries
}

/** What the SQL editor's runs may hold at once on one server (sql-editor/run-budget.ts). */
export interface SqlRunBudget {
  /** Runs at once on this server. */
  runs: number
  /** Runs at once of one organisation's members on this server. */
  runsPerOrg: number
  /** Bytes of rows read and not yet answered, over every run of this server. */
  bytes: number
  /** The same, over one organisation's runs. */
  bytesPerOrg: number
}

export interface Config {
  port: number
  host: string
  dataDir: string
  mode: (typeof MODES)[number]
  platformDatabaseUrl: string | undefined
  encryptionKey: Buffer
  logLevel: (typeof LOG_LEVELS)[number]
  publicUrl: string
  embeddedPgPort: number
  trustProxy: boolean | number | string[]
  projectPoolSize: number
  /** How long a call waits for a connection of a full project pool before answering busy (default 10 s). */
  projectPoolWaitMs?: number
  projectMaxConnections: number
  orgProjectLimit: number
  /** Days the logs (API log, Postgres logs, sampled figures) are kept before the logs job prunes them. */
  logRetentionDays?: number
  /** The SQL editor's budget of runs and result memory; absent: the defaults (DEFAULT_RUN_BUDGET). */
  sqlRunBudget?: SqlRunBudget
  /** The AI assistant's provider; absent or null: AI is off, and every AI call says how to configure it. */
  ai?: AiConfig | null
  /** Objects' bytes on S3 (S3_*); absent or null: under DATA_DIR/storage. */
  s3?: S3Config | null
  /** BACKUP_SCHEDULE, BACKUP_RETENTION_DAYS, BACKUP_FIRST_DELAY_SECONDS; absent: daily at 03:00 UTC, 7 days, 0. */
  backups?: { schedule: string; retentionDays: number; firstDelaySeconds?: number }
  /** STORAGE_PLAN: 'free' fixes every project's upload limit at 50 MB; absent: 'pro' (set per project). */
  storagePlan?: 'free' | 'pro'
}

/** Reads the environment; throws ConfigError with one line naming the first bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Omit<Config, 'encryptionKey'> & { encryptionKeyHex?: string } {
  const picked = Object.fromEntries(Object.keys(envSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]))
  const parsed = envSchema.safeParse(picked)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0])
    const choices: Record<string, readonly string[]> = {
      BASALT_MODE: MODES,
      LOG_LEVEL: LOG_LEVELS,
      AI_STRUCTURED_OUTPUT: STRUCTURED_OUTPUT_MODES,
      S3_FORCE_PATH_STYLE: ['true', 'false'],
      STORAGE_PLAN: ['free', 'pro'],
    }
    const allowed = choices[name] ? ` (one of: ${choices[name].join(', ')})` : ''
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name])}: ${issue.message}${allowed}`)
  }
  const e = parsed.data
  const trustProxy = parseTrustProxy(e.TRUST_PROXY)
  if (trustProxy instanceof Error) {
    throw new ConfigError(`Invalid TRUST_PROXY=${JSON.stringify(env.TRUST_PROXY)}: ${trustProxy.message}`)
  }
  return {
    ai: aiConfigOf(e),
    s3: s3ConfigOf(e),
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    mode: e.BASALT_MODE,
    platformDatabaseUrl: e.PLATFORM_DATABASE_URL,
    encryptionKeyHex: e.ENCRYPTION_KEY,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    trustProxy,
    projectPoolSize: e.PROJECT_POOL_SIZE,
    projectPoolWaitMs: Math.round(e.PROJECT_POOL_WAIT_SECONDS * 1000),
    projectMaxConnections: e.PROJECT_MAX_CONNECTIONS,
    orgProjectLimit: e.ORG_PROJECT_LIMIT,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    backups: {
      schedule: e.BACKUP_SCHEDULE,
      retentionDays: e.BACKUP_RETENTION_DAYS,
      firstDelaySeconds: e.BACKUP_FIRST_DELAY_SECONDS,
    },
    storagePlan: e.STORAGE_PLAN,
    sqlRunBudget: {
      runs: e.SQL_RUNS_MAX,
      runsPerOrg: e.SQL_RUNS_PER_ORG,
      bytes: e.SQL_RESULTS_MEMORY_MB * 1024 * 1024,
      bytesPerOrg: e.SQL_RESULTS_MEMORY_PER_ORG_MB * 1024 * 1024,
    },
  }
}

/** The S3 object store, or null when S3_BUCKET is not set; S3 settings without a bucket are refused. */
function s3ConfigOf(e: z.infer<typeof envSchema>): S3Config | null {
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find((k) => e[k])
    if (stray) throw new ConfigError(`Invalid ${stray}: set S3_BUCKET too, or unset it`)
    return null
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY (or neither)')
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  }
}

/** The AI provider, or null when none is configured; a half-configured one is refused. */
function aiConfigOf(e: z.infer<typeof envSchema>): AiConfig | null {
  if (!e.AI_BASE_URL && !e.AI_MODEL) {
    if (e.AI_API_KEY) throw new ConfigError('Invalid AI_API_KEY: set AI_BASE_URL and AI_MODEL too, or unset it')
    return null
  }
  if (!e.AI_BASE_URL) throw new ConfigError('Invalid AI_BASE_URL: it must be set when AI_MODEL is (docs/ai.md)')
  if (!e.AI_MODEL?.trim()) throw new ConfigError('Invalid AI_MODEL: it must be set when AI_BASE_URL is (docs/ai.md)')
  return {
    baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
    apiKey: e.AI_API_KEY,
    model: e.AI_MODEL.trim(),
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    structuredOutput: e.AI_STRUCTURED_OUTPUT,
  }
}

/**
 * The full configuration: the environment plus the encryption key, which is generated into
 * DATA_DIR/encryption.key on first start when ENCRYPTION_KEY is not set.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<Config> {
  const { encryptionKeyHex, ...rest } = parseEnv(env)
  let keyHex = encryptionKeyHex
  if (!keyHex) {
    const keyFile = path.join(rest.dataDir, 'encryption.key')
    await mkdir(rest.dataDir, { recursive: true })
    try {
      keyHex = (await readFile(keyFile, 'utf8')).trim()
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      keyHex = randomBytes(32).toString('hex')
      await writeFile(keyFile, keyHex + '\n', { mode: 0o600, flag: 'wx' })
    }
    if (!/^[0-9a-fA-F]{64}$/.test(keyHex))
      throw new ConfigError(`Invalid ENCRYPTION_KEY in ${keyFile}: must be 64 hexadecimal characters`)
  }
  return { ...rest, encryptionKey: Buffer.from(keyHex, 'hex') }
}
