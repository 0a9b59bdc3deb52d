import type { Mode, Permission, ProjectFeatures, ProjectStatus } from '@basalt/contracts'

/**
 * The project area's menus (spec 2 §2) as data: which areas and sub-pages a member sees, given the
 * mode, the project's features, the member's permissions and the project's status. Pure, so every
 * condition of the spec is tested without rendering.
 */

/** Column privileges is an alpha page behind a flag (spec 2 §2); it stays off until built. */
export const COLUMN_PRIVILEGES_FLAG = false

/** The third-party gateway whose name the edge-logs entry carries outside hosted mode. */
export const EDGE_GATEWAY_NAME = 'Kong'
export const EDGE_HOSTED_NAME = 'API Edge Network'

/** Settings pages that send the user to the building page while the project is coming up. */
export const BUILDING_REDIRECT_PATHS = [
  'settings/database',
  'settings/api',
  'settings/auth',
  'settings/storage',
  'settings/infrastructure',
  'settings/addons',
] as const

export type AreaKey = 'editor' | 'sql' | 'database' | 'auth' | 'storage' | 'logs' | 'api' | 'reports' | 'settings'

export interface MenuEntry {
  label: string
  /** Path inside the project, without the `/project/{ref}/` prefix; may carry a query (`api?page=auth`). */
  path: string
  badge?: 'alpha' | 'beta'
}

export interface MenuGroup {
  title: string
  entries: MenuEntry[]
}

export interface ProjectArea {
  key: AreaKey
  label: string
  /** Where the area's nav link goes. */
  path: string
  groups: MenuGroup[]
}

export interface ProjectMenuContext {
  mode: Mode
  features: ProjectFeatures
  permissions: readonly Permission[]
  status: ProjectStatus
  /** Custom reports of the project (none exist yet). */
  customReports?: ReadonlyArray<{ id: string; name: string }>
  flags?: { columnPrivileges?: boolean }
}

const entry = (label: string, path: string, badge?: MenuEntry['badge']): MenuEntry =>
  badge ? { label, path, badge } : { label, path }

/** Keeps the entries whose condition holds: `[cond, entry]` pairs or plain entries. */
function when(...items: Array<MenuEntry | [boolean, MenuEntry]>): MenuEntry[] {
  return items.flatMap((item) => (Array.isArray(item) ? (item[0] ? [item[1]] : []) : [item]))
}

export function buildProjectMenu(ctx: ProjectMenuContext): ProjectArea[] {
  const hosted = ctx.mode === 'hosted'
  const has = (p: Permission) => ctx.permissions.includes(p)
  const { features } = ctx
  const columnPrivileges = ctx.flags?.columnPrivileges ?? COLUMN_PRIVILEGES_FLAG

  const groups = (...list: MenuGroup[]) => list.filter((g) => g.entries.length > 0)

  return [
    { key: 'editor', label: 'Table editor', path: 'editor', groups: [] },
    {
      key: 'sql',
      label: 'SQL editor',
      path: 'sql/new',
      groups: groups({
        title: 'SQL editor',
        entries: [
          entry('New query', 'sql/new'),
          entry('Templates', 'sql/templates'),
          entry('Quickstarts', 'sql/quickstarts'),
        ],
      }),
    },
    {
      key: 'database',
      label: 'Database',
      path: 'database/tables',
      groups: groups(
        {
          title: 'Database management',
          entries: [
            entry('Schema visualizer', 'database/schemas'),
            entry('Tables', 'database/tables'),
            entry('Functions', 'database/functions'),
            entry('Triggers', 'database/triggers'),
            entry('Enumerated types', 'database/types'),
            entry('Extensions', 'database/extensions'),
            entry('Indexes', 'database/indexes'),
          ],
        },
        { title: 'Access control', entries: [entry('Roles', 'database/roles')] },
        {
          title: 'Platform',
          entries: when(
            entry('Replication', 'database/replication'),
            [
              hosted,
              features.pitr
                ? entry('Point in time', 'database/backups/pitr')
                : entry('Scheduled backups', 'database/backups/scheduled'),
            ],
            entry('Migrations', 'database/migrations'),
            entry('Wrappers', 'database/wrappers'),
            [features.pgNet, entry('Webhooks', 'database/hooks')],
          ),
        },
      ),
    },
    {
      key: 'auth',
      label: 'Auth',
      path: 'auth/users',
      groups: groups(
        { title: 'Manage', entries: [entry('Users', 'auth/users')] },
        {
          title: 'Configuration',
          entries: when(
            entry('Policies', 'auth/policies'),
            [columnPrivileges, entry('Column privileges', 'auth/column-privileges', 'alpha')],
            [hosted, entry('Providers', 'auth/providers')],
            [hosted, entry('Rate limits', 'auth/rate-limits')],
            [hosted, entry('Email templates', 'auth/templates')],
            [hosted, entry('URL configuration', 'auth/url-configuration')],
            [hosted, entry('Auth hooks', 'auth/hooks', 'beta')],
          ),
        },
      ),
    },
    {
      key: 'storage',
      label: 'Storage',
      path: 'storage/buckets',
      groups: groups({
        title: 'Storage',
        entries: [entry('Buckets', 'storage/buckets'), entry('Policies', 'storage/policies')],
      }),
    },
    {
      key: 'logs',
      label: 'Logs',
      path: 'logs/explorer',
      groups: groups(
        {
          title: 'Logs explorer',
          entries: when(
            entry('Explorer', 'logs/explorer'),
            [hosted, entry('Saved queries', 'logs/explorer/saved')],
            entry('Recent queries', 'logs/explorer/recent'),
            entry('Templates', 'logs/explorer/templates'),
          ),
        },
        {
          title: 'Collections',
          entries: when(
            entry(hosted ? EDGE_HOSTED_NAME : EDGE_GATEWAY_NAME, 'logs/edge-logs'),
            entry('Postgres', 'logs/postgres-logs'),
            entry('PostgREST', 'logs/postgrest-logs'),
            [hosted, entry('Pooler', 'logs/pooler-logs')],
            [features.services.auth, entry('Auth', 'logs/auth-logs')],
            [features.services.storage, entry('Storage', 'logs/storage-logs')],
            [features.services.realtime, entry('Realtime', 'logs/realtime-logs')],
          ),
        },
      ),
    },
    {
      key: 'api',
      label: 'API docs',
      path: 'api',
      groups: groups(
        {
          title: 'Getting started',
          entries: [
            entry('Introduction', 'api'),
            entry('Authentication', 'api?page=auth'),
            entry('User management', 'api?page=users'),
          ],
        },
        {
          title: 'Resources',
          entries: [
            entry('Tables and views', 'api?page=tables-intro'),
            entry('Stored procedures', 'api?page=rpc-intro'),
          ],
        },
        { title: 'GraphQL', entries: [entry('GraphiQL', 'api/graphiql')] },
      ),
    },
    {
      key: 'reports',
      label: 'Reports',
      path: 'reports',
      groups: groups(
        {
          title: 'Custom reports',
          entries: [...(ctx.customReports ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((r) => entry(r.name, `reports/${r.id}`)),
        },
        {
          title: 'Built-in reports',
          entries: when(
            entry('API', 'reports/api-overview'),
            [has('storage:read'), entry('Storage', 'reports/storage')],
            entry('Database', 'reports/database'),
            entry('Query performance', 'reports/query-performance'),
          ),
        },
      ),
    },
    {
      key: 'settings',
      label: 'Settings',
      path: 'settings/general',
      groups: groups(
        {
          title: 'Project settings',
          entries: when(
            entry('General', 'settings/general'),
            entry('Compute and disk', 'settings/infrastructure'),
            [hosted, entry('Integrations', 'settings/integrations')],
            entry('Add-ons', 'settings/addons'),
            entry('Vault', 'settings/vault/secrets', 'beta'),
          ),
        },
        {
          title: 'Configuration',
          entries: when(
            entry('Database', 'settings/database'),
            entry('Data API', 'settings/api'),
            [hosted && has('auth:write'), entry('Authentication', 'settings/auth')],
            [hosted && has('storage:write'), entry('Storage', 'settings/storage')],
            [hosted && has('settings:write'), entry('Edge Functions', 'settings/functions')],
          ),
        },
      ),
    },
  ]
}

export type ProjectPage =
  | { kind: 'page'; area: AreaKey; title: string }
  | { kind: 'no_access'; area: AreaKey; title: string; detail: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'not_found' }

export const NO_ACCESS_DETAILS = {
  logs: 'Viewing logs needs the analytics read permission. Ask an owner or administrator of the organization.',
  editor:
    'The table editor needs the tenant SQL admin read permission. Ask an owner or administrator of the organization.',
} as const

const AREA_LABELS: Record<AreaKey, string> = {
  editor: 'Table editor',
  sql: 'SQL editor',
  database: 'Database',
  auth: 'Auth',
  storage: 'Storage',
  logs: 'Logs',
  api: 'API docs',
  reports: 'Reports',
  settings: 'Settings',
}

const BUILT_IN_REPORTS = ['api-overview', 'storage', 'database', 'query-performance']

const API_PAGE_TITLES: Record<string, string> = {
  auth: 'Authentication',
  users: 'User management',
  'tables-intro': 'Tables and views',
  'rpc-intro': 'Stored procedures',
}

/**
 * What to show at a path inside a project (without the `/project/{ref}/` prefix): a page with its
 * title, the no-access page, a redirect, or not found (including entries the menu hides).
 */
export function resolveProjectPage(
  path: string,
  search: URLSearchParams,
  ctx: ProjectMenuContext & { ref: string },
): ProjectPage {
  const clean = path.replace(/^\/+|\/+$/g, '')
  const segments = clean.split('/')
  const area = segments[0] as AreaKey
  if (!(area in AREA_LABELS)) return { kind: 'not_found' }
  const has = (p: Permission) => ctx.permissions.includes(p)

  if (area === 'logs' && !has('analytics:read')) {
    return { kind: 'no_access', area, title: AREA_LABELS.logs, detail: NO_ACCESS_DETAILS.logs }
  }
  if (area === 'editor' && !has('tenant_sql:read')) {
    return { kind: 'no_access', area, title: AREA_LABELS.editor, detail: NO_ACCESS_DETAILS.editor }
  }

  const menu = buildProjectMenu(ctx)
  const entries = menu.find((a) => a.key === area)?.groups.flatMap((g) => g.entries) ?? []
  const visible = (p: string) => entries.find((e) => e.path === p)

  if (ctx.status === 'coming_up' && (BUILDING_REDIRECT_PATHS as readonly string[]).includes(clean) && visible(clean)) {
    return { kind: 'redirect', to: `/project/${ctx.ref}/building?from=${encodeURIComponent(clean)}` }
  }

  if (area === 'api' && clean === 'api') {
    const page = search.get('page')
    if (page && API_PAGE_TITLES[page]) return { kind: 'page', area, title: API_PAGE_TITLES[page] }
    if (search.get('resource')) return { kind: 'page', area, title: `API docs: ${search.get('resource')}` }
    if (search.get('rpc')) return { kind: 'page', area, title: `API docs: ${search.get('rpc')}` }
    return { kind: 'page', area, title: AREA_LABELS.api }
  }

  const exact = visible(clean)
  if (exact) return { kind: 'page', area, title: exact.label }

  // Area roots and the spec's parameterised pages.
  if (segments.length === 1) return { kind: 'page', area, title: AREA_LABELS[area] }
  const [, second, third] = segments
  if (area === 'editor' && segments.length === 2) return { kind: 'page', area, title: AREA_LABELS.editor }
  if (area === 'sql' && segments.length === 2) return { kind: 'page', area, title: AREA_LABELS.sql }
  if (area === 'storage' && second === 'buckets' && third && segments.length === 3) {
    return { kind: 'page', area, title: `Bucket ${decodeURIComponent(third)}` }
  }
  if (area === 'reports' && segments.length === 2 && !BUILT_IN_REPORTS.includes(second ?? '')) {
    return { kind: 'page', area, title: 'Report' }
  }
  if (area === 'database' && clean === 'database/backups') {
    const backups = entries.find((e) => e.path.startsWith('database/backups/'))
    if (backups) return { kind: 'redirect', to: `/project/${ctx.ref}/${backups.path}` }
  }
  return { kind: 'not_found' }
}

/** Which area a path inside a project belongs to, for highlighting the nav. */
export function areaOfPath(path: string): AreaKey | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? ''
  return first in AREA_LABELS ? (first as AreaKey) : null
}
