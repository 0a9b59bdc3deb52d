import { z } from 'zod'
import { pageQueryParamSchema } from './paging.ts'
import { orgRoleSchema, PERMISSIONS } from './permissions.ts'
import { pgUuidSchema } from './uuid.ts'

/**
 * Request and response shapes of the platform API (`/api/auth`, `/api/account`, `/api/organizations`,
 * `/api/projects`, `/api/invitations`). Server routes declare these; web fetchers parse with them.
 */

export const permissionSchema = z.enum(PERMISSIONS)

export const THEMES = ['system', 'light', 'dark'] as const
export const themeSchema = z.enum(THEMES)
export type Theme = z.infer<typeof themeSchema>

export const MODES = ['hosted', 'self-hosted'] as const
export const modeSchema = z.enum(MODES)
export type Mode = z.infer<typeof modeSchema>

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
export const PASSWORD_MIN_LENGTH = 8
const password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024, 'Password must be at most 1024 characters')

// ---------- auth ----------

/**
 * GET /api/auth/state — public: whether the first visit must offer sign-up of the owner account, and
 * whether that sign-up needs the one-time setup code Basalt printed on its console (when it listens beyond
 * loopback).
 */
export const authStateSchema = z.object({ needsSetup: z.boolean(), setupCodeRequired: z.boolean(), mode: modeSchema })
export type AuthState = z.infer<typeof authStateSchema>

/** POST /api/auth/sign-up — the first user, or anyone holding an invitation token. */
export const signUpBodySchema = z.object({
  email,
  password,
  displayName: z.string().trim().max(100).optional(),
  inviteToken: z.string().min(1).max(200).optional(),
  /** The owner's sign-up, when the auth state says `setupCodeRequired`. */
  setupCode: z.string().trim().max(100).optional(),
})
export type SignUpBody = z.infer<typeof signUpBodySchema>

/** POST /api/auth/sign-in */
export const signInBodySchema = z.object({ email, password: z.string().min(1).max(1024) })
export type SignInBody = z.infer<typeof signInBodySchema>

/** Answer of sign-up, sign-in and MFA verify: where the session stands. */
export const signInResultSchema = z.object({ mfaRequired: z.boolean() })
export type SignInResult = z.infer<typeof signInResultSchema>

/** POST /api/auth/mfa/verify — upgrades an aal1 session to aal2. */
export const mfaCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
})
export type MfaCodeBody = z.infer<typeof mfaCodeBodySchema>

export const aalSchema = z.enum(['aal1', 'aal2'])

export const userSchema = z.object({
  id: pgUuidSchema,
  email: z.string(),
  displayName: z.string().nullable(),
  theme: themeSchema,
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
})
export type User = z.infer<typeof userSchema>

/**
 * GET /api/auth/session — 401 `unauthenticated` without a session. When `currentLevel` differs from
 * `nextLevel` the web app sends the user to /sign-in-mfa.
 */
export const sessionSchema = z.object({
  user: userSchema,
  currentLevel: aalSchema,
  nextLevel: aalSchema,
  csrfToken: z.string(),
  mode: modeSchema,
})
export type Session = z.infer<typeof sessionSchema>

// ---------- account ----------

/** PATCH /api/account/me */
export const updateMeBodySchema = z.object({
  displayName: z.string().trim().max(100).nullable().optional(),
  theme: themeSchema.optional(),
})
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>

/** POST /api/account/password — also ends every other session and revokes every access token. */
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: password,
})
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>

/** POST /api/account/mfa/enroll — a new, unconfirmed TOTP factor. */
export const mfaEnrollmentSchema = z.object({ secret: z.string(), otpauthUrl: z.string() })
export type MfaEnrollment = z.infer<typeof mfaEnrollmentSchema>
// POST /api/account/mfa/confirm and DELETE /api/account/mfa take mfaCodeBodySchema.

export const accessTokenSchema = z.object({
  id: pgUuidSchema,
  name: z.string(),
  /** First characters of the token, to recognise it in the list. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** When it stops working; null: never (until revoked, or its owner's password changes). */
  expiresAt: z.string().nullable(),
})
export type AccessToken = z.infer<typeof accessTokenSchema>

/** Expiries the token form offers, in days. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const

/** POST /api/account/tokens — `expiresInDays` null or absent: the token never expires. */
export const createTokenBodySchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name').max(100),
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional(),
})
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>
/** The token itself is returned once, at creation. */
export const createdTokenSchema = accessTokenSchema.extend({ token: z.string() })
export type CreatedToken = z.infer<typeof createdTokenSchema>

export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  organizationSlug: z.string().nullable(),
  createdAt: z.string(),
  details: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const AUDIT_PAGE_SIZE = 50
export const pageQuerySchema = z.object({ page: pageQueryParamSchema.default(1) })
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), page: z.number(), total: z.number() })
export type AuditPage = z.infer<typeof auditPageSchema>

// ---------- organisations ----------

export const organizationSchema = z.object({
  id: pgUuidSchema,
  slug: z.string(),
  name: z.string(),
  role: orgRoleSchema,
  permissions: z.array(permissionSchema),
})
export type Organization = z.infer<typeof organizationSchema>

export const createOrganizationBodySchema = z.object({ name: z.string().trim().min(1, 'Please enter a name').max(100) })
export const updateOrganizationBodySchema = createOrganizationBodySchema

export const memberSchema = z.object({
  userId: pgUuidSchema,
  email: z.string(),
  displayName: z.string().nullable(),
  role: orgRoleSchema,
  joinedAt: z.string(),
})
export type Member = z.infer<typeof memberSchema>

export const updateMemberBodySchema = z.object({ role: orgRoleSchema })

export const invitationSchema = z.object({
  id: pgUuidSchema,
  email: z.string().nullable(),
  role: orgRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
})
export type Invitation = z.infer<typeof invitationSchema>

/** POST /api/organizations/:slug/invitations — the invite link is shown to the inviter (no e-mail server). */
export const createInvitationBodySchema = z.object({ email: email.optional(), role: orgRoleSchema })
export const createdInvitationSchema = invitationSchema.extend({ token: z.string(), url: z.string() })
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>

/** GET /api/invitations/:token — public: what an invitee is joining. */
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  role: orgRoleSchema,
  email: z.string().nullable(),
})
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>

// ---------- projects ----------

export const PROJECT_STATUSES = ['coming_up', 'active', 'inactive', 'failed'] as const
export const projectStatusSchema = z.enum(PROJECT_STATUSES)
export type ProjectStatus = z.infer<typeof projectStatusSchema>

/** What a project's menus depend on (spec 2 §2). */
export const projectFeaturesSchema = z.object({
  /** The pg_net extension is installed: Database › Hooks is shown. */
  pgNet: z.boolean(),
  /** The point-in-time-recovery add-on is selected: Backups shows PITR instead of scheduled. */
  pitr: z.boolean(),
  /** Services whose logs are listed. */
  services: z.object({ auth: z.boolean(), storage: z.boolean(), realtime: z.boolean() }),
})
export type ProjectFeatures = z.infer<typeof projectFeaturesSchema>

export const projectSchema = z.object({
  id: pgUuidSchema,
  ref: z.string(),
  name: z.string(),
  status: projectStatusSchema,
  /** The last bootstrap error while status is 'failed'. */
  statusMessage: z.string().nullable(),
  organizationSlug: z.string(),
  organizationName: z.string(),
  /** 'embedded' for a database Basalt created, 'external' for an attached one. */
  kind: z.enum(['embedded', 'external']),
  createdAt: z.string(),
  /** A branch's parent (issue 28 §4: a preview branch, made from the parent's backups); null otherwise. */
  parentProjectRef: z.string().nullish(),
})
export type Project = z.infer<typeof projectSchema>

/** GET /api/projects/:ref — the project plus what the caller may do in it and what its menus need. */
export const projectDetailSchema = projectSchema.extend({
  role: orgRoleSchema,
  permissions: z.array(permissionSchema),
  features: projectFeaturesSchema,
})
export type ProjectDetail = z.infer<typeof projectDetailSchema>

const projectName = z.string().trim().min(1, 'Please enter a project name').max(64)
const connectionString = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'Connection string must start with postgres:// or postgresql://')

/** POST /api/organizations/:slug/projects — a new embedded database, or an existing one by connection string. */
export const createProjectBodySchema = z.object({ name: projectName, connectionString: connectionString.optional() })
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>

/** POST /api/organizations/:slug/projects/test-connection — needs projects:create there, limited per user. */
export const testConnectionBodySchema = z.object({ connectionString })
export const testConnectionResultSchema = z.object({ serverVersion: z.string() })

/** PATCH /api/projects/:ref */
export const updateProjectBodySchema = z.object({ name: projectName })

/** DELETE /api/projects/:ref — type-to-confirm: the project's name. */
export const deleteProjectBodySchema = z.object({ confirm: z.string() })
export const TYPE_TO_CONFIRM_MISMATCH = 'Value entered does not match.'

/**
 * GET /api/platform/projects/:ref/databases (spec 2 §7) — the primary, and read replicas once they exist.
 * `connectionId` is opaque and server-encrypted: send it back as the `x-connection-encrypted` header.
 */
export const projectDatabaseSchema = z.object({
  identifier: z.string(),
  type: z.enum(['primary', 'read_replica']),
  status: projectStatusSchema,
  connectionId: z.string(),
})
export type ProjectDatabase = z.infer<typeof projectDatabaseSchema>

/**
 * POST /api/projects/:ref/replicas — on Basalt's embedded clusters, no body (Basalt makes the standby); for a
 * project attached by connection string, the connection string of a hot standby of its database.
 */
export const addReplicaBodySchema = z.object({ connectionString: connectionString.optional() })
export type AddReplicaBody = z.infer<typeof addReplicaBodySchema>

/** POST /api/invitations/:token/accept — the organisation joined. */
export const acceptInvitationResultSchema = organizationSchema
