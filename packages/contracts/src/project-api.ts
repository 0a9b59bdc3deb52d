import { z } from 'zod'
import { storageApiBase } from './storage.ts'

/**
 * Settings → API (issue 25, point 1): the project's URL, its anon key (public: it is meant to ship inside
 * apps) and, on request, its service_role key and JWT secret. Both keys are HS256 JWTs signed with the
 * project's JWT secret; rolling the secret signs new ones.
 */

/** The roles a project JWT may carry: the Storage API runs each call as this database role. */
export const PROJECT_JWT_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ProjectJwtRole = (typeof PROJECT_JWT_ROLES)[number]

/** The project's API base under Basalt's PUBLIC_URL: every service of the project lives below it. */
export const projectApiBase = (ref: string) => `/project-api/${encodeURIComponent(ref)}`

/** GET /api/projects/:ref/settings/api (settings:read). */
export const projectApiSettingsSchema = z.object({
  /** `{PUBLIC_URL}/project-api/{ref}`: what `createClient`/`StorageClient` take as the project URL. */
  url: z.string(),
  /** `{PUBLIC_URL}/project-api/{ref}/storage/v1`: the Storage API base (`new StorageClient(storageUrl, …)`). */
  storageUrl: z.string(),
  /** The spec's project API config (spec 2 §7): host and protocol of the project's API. */
  autoApiService: z.object({ endpoint: z.string(), protocol: z.enum(['http', 'https']) }),
  /** The anon key: a JWT with role `anon`, safe to use in a browser when RLS is on. */
  anonKey: z.string(),
  /** Whether this member may reveal the service_role key and the JWT secret, and roll the secret. */
  canReveal: z.boolean(),
})
export type ProjectApiSettings = z.infer<typeof projectApiSettingsSchema>

export const PROJECT_API_SECRETS = ['service_role', 'jwt_secret'] as const
export type ProjectApiSecret = (typeof PROJECT_API_SECRETS)[number]

/** POST /api/projects/:ref/settings/api/reveal (settings:write: Owners and Administrators; audited). */
export const revealProjectApiSecretBodySchema = z.object({ secret: z.enum(PROJECT_API_SECRETS) })
export const projectApiSecretSchema = z.object({ secret: z.enum(PROJECT_API_SECRETS), value: z.string() })
export type ProjectApiSecretValue = z.infer<typeof projectApiSecretSchema>

/** POST /api/projects/:ref/settings/api/roll (settings:write; audited): a new secret, new keys. */
export const rollProjectJwtSecretBodySchema = z.object({ confirm: z.literal(true) })

export const PROJECT_API_MESSAGES = {
  title: 'API Settings',
  urlLabel: 'Project URL',
  urlHint: 'A RESTful endpoint for querying and managing your database.',
  storageUrlLabel: 'Storage API',
  storageUrlHint: 'What `@supabase/storage-js` takes as its URL.',
  anonLabel: 'anon public',
  anonHint:
    'This key is safe to use in a browser if you have enabled Row Level Security for your tables and configured policies.',
  serviceLabel: 'service_role secret',
  serviceHint:
    'This key has the ability to bypass Row Level Security. Never share it publicly. If leaked, roll the JWT secret at once.',
  jwtSecretLabel: 'JWT Secret',
  jwtSecretHint:
    'Used to decode your JWTs. You can also use this to mint your own JWTs for your users (role authenticated, sub the user id).',
  revealOnlyAdmins: 'Only Owners and Administrators can reveal this secret',
  reveal: 'Reveal',
  hide: 'Hide',
  roll: 'Generate a new JWT secret',
  rollTitle: 'Generate a new JWT secret?',
  rollConsequences:
    'A new JWT secret signs new anon and service_role keys. The current keys stop working at once, and so do the user tokens your auth service signed with the current secret, and every signed URL already shared. Apps must be given the new keys.',
  rollConfirm: 'Generate new secret',
  rolled: 'Generated a new JWT secret: the anon and service_role keys changed',
  rollFailed: (message: string) => `Failed to generate a new JWT secret: ${message}`,
  loadFailed: "Failed to retrieve the project's API settings",
} as const

/** The Storage API base of a project as an absolute URL. */
export const storageApiUrl = (publicUrl: string, ref: string) => `${publicUrl.replace(/\/$/, '')}${storageApiBase(ref)}`
