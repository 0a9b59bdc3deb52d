import type { RouteObject } from 'react-router'
import {
  Archive,
  BarChart3,
  BookOpen,
  Database,
  FileCode2,
  ScrollText,
  Settings,
  Table2,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { Mode, Permission, ProjectFeatures, ProjectStatus } from '@basalt/contracts'

/**
 * The project areas (spec 2 §2) as data: one row per area says its nav link, icon, the permission it needs,
 * its secondary menu, the pages it has beyond that menu and the routes of what is built, loaded with the
 * area's own module. The router, the project layout (nav and side menu), the project's home and the page
 * resolver all read this table: adding an area is a row here and the area's folder.
 *
 * The menus depend on the mode, the project's features, the member's permissions and the project's status;
 * everything here but the route modules is pure, so every condition of the spec is tested without rendering.
 */

/** Column privileges is an alpha page behind a flag (spec 2 §2); it stays off until built. */
export const COLUMN_PRIVILEGES_FLAG = false

/** The third-party gateway whose name the edge-logs entry carries outside hosted mode. */
export const EDGE_GATEWAY_NAME = 'Kong'
export const EDGE_HOSTED_NAME = 'API Edge Network'

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

/** An area as a member of one project sees it: its nav link and secondary menu. */
export interface ProjectArea {
  key: AreaKey
  label: string
  icon: LucideIcon
  /** Where the area's nav link goes. */
  path: string
  groups: MenuGroup[]
}

export interface ProjectMenuContext {
  mode: Mode
  features: ProjectFeatures
  permissions: readonly Permission[]
  status: ProjectStatus
  /** Custom reports of the project (the reports the member sees, from the content API). */
  customReports?: ReadonlyArray<{ id: string; name: string }>
  flags?: { columnPrivileges?: boolean }
}

export type ProjectPage =
  | { kind: 'page'; area: AreaKey; title: string }
  | { kind: 'no_access'; area: AreaKey; title: string; detail: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'not_found' }

/** A path inside a project, as an area's own pages see it. */
export interface PageRequest {
  /** The path without slashes around it (`storage/buckets/avatars`). */
  path: string
  segments: string[]
  search: URLSearchParams
  /** The menu entry at exactly this path, when the member's menu has one. */
  entry: MenuEntry | undefined
  /** Every entry of the area's menu, as the member sees it. */
  entries: MenuEntry[]
  ref: string
}

export interface ProjectAreaDefinition {
  key: AreaKey
  label: string
  icon: LucideIcon
  /** Where the area's nav link goes. */
  path: string
  /** Without this permission every page of the area is the no-access page, with this detail. */
  access?: { permission: Permission; detail: string }
  /** The secondary menu; empty groups are left out. */
  menu?: (ctx: ProjectMenuContext) => MenuGroup[]
  /** Pages (of the menu) that send the user to the building page while the project is coming up. */
  waitWhileComingUp?: readonly string[]
  /**
   * The area's pages beyond its menu entries (parameterised ones, query pages, redirects). Asked before the
   * menu's titles; undefined leaves the page to them: an entry's label, the area's label at its root, else
   * not found.
   */
  page?: (request: PageRequest) => ProjectPage | undefined
  /** The routes of the area's built pages under /project/:ref, loaded with the area's module. */
  routes?: RouteObject[]
}

export const NO_ACCESS_DETAILS = {
  logs: 'Viewing logs needs the analytics read permission. Ask an owner or administrator of the organization.',
  editor:
    'The table editor needs the tenant SQL admin read permission. Ask an owner or administrator of the organization.',
} as const

const entry = (label: string, path: string, badge?: MenuEntry['badge']): MenuEntry =>
  badge ? { label, path, badge } : { label, path }

/** Keeps the entries whose condition holds: `[cond, entry]` pairs or plain entries. */
function when(...items: Array<MenuEntry | [boolean, MenuEntry]>): MenuEntry[] {
  return items.flatMap((item) => (Array.isArray(item) ? (item[0] ? [item[1]] : []) : [item]))
}

const hosted = (ctx: ProjectMenuContext) => ctx.mode === 'hosted'
const has = (ctx: ProjectMenuContext, permission: Permission) => ctx.permissions.includes(permission)

const BUILT_IN_REPORTS = ['api-overview', 'storage', 'database', 'query-performance']

const API_PAGE_TITLES: Record<string, string> = {
  auth: 'Authentication',
  users: 'User management',
  'tables-intro': 'Tables and views',
  'rpc-intro': 'Stored procedures',
  storage: 'Storage',
}

const tableEditor = () => import('../features/table-editor/routes')
const settings = () => import('../features/settings/routes')
const sqlEditor = () => import('../features/sql-editor/routes')
const policies = () => import('../features/policies/routes')
const authUsers = () => import('../features/auth-users/routes')
const reports = () => import('../features/reports/routes')
const storage = () => import('../features/storage/routes')
const logs = () => import('../features/logs/routes')
const database = () => import('./routes/database-routes')
const backups = () => import('../features/backups/routes')

export const PROJECT_AREAS: readonly ProjectAreaDefinition[] = [
  {
    key: 'editor',
    label: 'Table editor',
    icon: Table2,
    path: 'editor',
    access: { permission: 'tenant_sql:read', detail: NO_ACCESS_DETAILS.editor },
    // editor/{tableId}
    page: ({ segments }) =>
      segments.length === 2 ? { kind: 'page', area: 'editor', title: 'Table editor' } : undefined,
    routes: [
      {
        path: 'editor',
        lazy: () => tableEditor().then((m) => ({ Component: m.TableEditorRoute })),
        children: [
          { index: true, lazy: () => tableEditor().then((m) => ({ Component: m.TableEditorIndexRoute })) },
          { path: ':tableId', lazy: () => tableEditor().then((m) => ({ Component: m.TableGridRoute })) },
        ],
      },
    ],
  },
  {
    key: 'sql',
    label: 'SQL editor',
    icon: FileCode2,
    path: 'sql/new',
    // No secondary menu: the area's own sidebar lists 'New query', Templates, Quickstarts and the snippets.
    // sql/{snippetId}
    page: ({ segments, entry: known }) =>
      segments.length === 2 && !known ? { kind: 'page', area: 'sql', title: 'SQL editor' } : undefined,
    routes: [
      {
        path: 'sql',
        lazy: () => sqlEditor().then((m) => ({ Component: m.SqlEditorRoute })),
        children: [
          { index: true, lazy: () => sqlEditor().then((m) => ({ Component: m.SqlIndexRoute })) },
          { path: 'templates', lazy: () => sqlEditor().then((m) => ({ Component: m.SqlTemplatesRoute })) },
          { path: 'quickstarts', lazy: () => sqlEditor().then((m) => ({ Component: m.SqlQuickstartsRoute })) },
          { path: ':id', lazy: () => sqlEditor().then((m) => ({ Component: m.SqlSnippetRoute })) },
        ],
      },
    ],
  },
  {
    key: 'database',
    label: 'Database',
    icon: Database,
    path: 'database/tables',
    menu: (ctx) => [
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
            hosted(ctx),
            ctx.features.pitr
              ? entry('Point in time', 'database/backups/pitr')
              : entry('Scheduled backups', 'database/backups/scheduled'),
          ],
          entry('Migrations', 'database/migrations'),
          entry('Wrappers', 'database/wrappers'),
          [ctx.features.pgNet, entry('Webhooks', 'database/hooks')],
        ),
      },
    ],
    // database/backups, and the backups sub-page the project does not have (…/pitr without the add-on, a link
    // kept from before it): the backups page the project has.
    page: ({ path, entries, ref, entry: known }) => {
      // database/hooks without pg_net: the page says that webhooks need it (the menu has no entry).
      if (path === 'database/hooks' && !known) return { kind: 'page', area: 'database', title: 'Webhooks' }
      const otherBackups = !known && (path === 'database/backups/pitr' || path === 'database/backups/scheduled')
      if (path !== 'database/backups' && !otherBackups) return undefined
      const backups = entries.find((e) => e.path.startsWith('database/backups/'))
      return backups ? { kind: 'redirect', to: `/project/${ref}/${backups.path}` } : undefined
    },
    routes: [
      { path: 'database/backups/scheduled', lazy: () => backups().then((m) => ({ Component: m.BackupsRoute })) },
      { path: 'database/backups/pitr', lazy: () => backups().then((m) => ({ Component: m.BackupsRoute })) },
      { path: 'database/tables', lazy: () => database().then((m) => ({ Component: m.DatabaseTablesRoute })) },
      { path: 'database/functions', lazy: () => database().then((m) => ({ Component: m.DatabaseFunctionsRoute })) },
      { path: 'database/triggers', lazy: () => database().then((m) => ({ Component: m.DatabaseTriggersRoute })) },
      { path: 'database/schemas', lazy: () => database().then((m) => ({ Component: m.DatabaseSchemasRoute })) },
      { path: 'database/migrations', lazy: () => database().then((m) => ({ Component: m.DatabaseMigrationsRoute })) },
      { path: 'database/types', lazy: () => database().then((m) => ({ Component: m.DatabaseTypesRoute })) },
      { path: 'database/indexes', lazy: () => database().then((m) => ({ Component: m.DatabaseIndexesRoute })) },
      { path: 'database/roles', lazy: () => database().then((m) => ({ Component: m.DatabaseRolesRoute })) },
      { path: 'database/extensions', lazy: () => database().then((m) => ({ Component: m.DatabaseExtensionsRoute })) },
      { path: 'database/wrappers', lazy: () => database().then((m) => ({ Component: m.DatabaseWrappersRoute })) },
      { path: 'database/hooks', lazy: () => database().then((m) => ({ Component: m.DatabaseHooksRoute })) },
      {
        path: 'database/replication',
        lazy: () => database().then((m) => ({ Component: m.DatabaseReplicationRoute })),
      },
    ],
  },
  {
    key: 'auth',
    label: 'Auth',
    icon: Users,
    path: 'auth/users',
    menu: (ctx) => [
      { title: 'Manage', entries: [entry('Users', 'auth/users')] },
      {
        title: 'Configuration',
        entries: when(
          entry('Policies', 'auth/policies'),
          [
            ctx.flags?.columnPrivileges ?? COLUMN_PRIVILEGES_FLAG,
            entry('Column privileges', 'auth/column-privileges', 'alpha'),
          ],
          [hosted(ctx), entry('Providers', 'auth/providers')],
          [hosted(ctx), entry('Rate limits', 'auth/rate-limits')],
          [hosted(ctx), entry('Email templates', 'auth/templates')],
          [hosted(ctx), entry('URL configuration', 'auth/url-configuration')],
          [hosted(ctx), entry('Auth hooks', 'auth/hooks', 'beta')],
        ),
      },
    ],
    routes: [
      { path: 'auth/users', lazy: () => authUsers().then((m) => ({ Component: m.AuthUsersRoute })) },
      { path: 'auth/policies', lazy: () => policies().then((m) => ({ Component: m.PoliciesRoute })) },
    ],
  },
  {
    key: 'storage',
    label: 'Storage',
    icon: Archive,
    path: 'storage/buckets',
    menu: () => [
      { title: 'Storage', entries: [entry('Buckets', 'storage/buckets'), entry('Policies', 'storage/policies')] },
    ],
    // storage/buckets/{bucketId}
    page: ({ segments: [, second, third], segments }) =>
      second === 'buckets' && third && segments.length === 3
        ? { kind: 'page', area: 'storage', title: `Bucket ${decodeURIComponent(third)}` }
        : undefined,
    routes: [
      { path: 'storage/buckets', lazy: () => storage().then((m) => ({ Component: m.BucketsRoute })) },
      { path: 'storage/buckets/:bucketId', lazy: () => storage().then((m) => ({ Component: m.ExplorerRoute })) },
      { path: 'storage/policies', lazy: () => policies().then((m) => ({ Component: m.StoragePoliciesRoute })) },
    ],
  },
  {
    key: 'logs',
    label: 'Logs',
    icon: ScrollText,
    path: 'logs/explorer',
    access: { permission: 'analytics:read', detail: NO_ACCESS_DETAILS.logs },
    menu: (ctx) => [
      {
        title: 'Logs explorer',
        entries: when(
          entry('Explorer', 'logs/explorer'),
          [hosted(ctx), entry('Saved queries', 'logs/explorer/saved')],
          entry('Recent queries', 'logs/explorer/recent'),
          entry('Templates', 'logs/explorer/templates'),
        ),
      },
      {
        title: 'Collections',
        entries: when(
          entry(hosted(ctx) ? EDGE_HOSTED_NAME : EDGE_GATEWAY_NAME, 'logs/edge-logs'),
          entry('Postgres', 'logs/postgres-logs'),
          entry('PostgREST', 'logs/postgrest-logs'),
          [hosted(ctx), entry('Pooler', 'logs/pooler-logs')],
          [ctx.features.services.auth, entry('Auth', 'logs/auth-logs')],
          [ctx.features.services.storage, entry('Storage', 'logs/storage-logs')],
          [ctx.features.services.realtime, entry('Realtime', 'logs/realtime-logs')],
        ),
      },
    ],
    routes: [
      { path: 'logs/explorer', lazy: () => logs().then((m) => ({ Component: m.LogsExplorerRoute })) },
      { path: 'logs/explorer/recent', lazy: () => logs().then((m) => ({ Component: m.RecentLogQueriesRoute })) },
      { path: 'logs/explorer/templates', lazy: () => logs().then((m) => ({ Component: m.LogTemplatesRoute })) },
      { path: 'logs/edge-logs', lazy: () => logs().then((m) => ({ Component: m.EdgeLogsRoute })) },
      { path: 'logs/postgres-logs', lazy: () => logs().then((m) => ({ Component: m.PostgresLogsRoute })) },
      { path: 'logs/storage-logs', lazy: () => logs().then((m) => ({ Component: m.StorageLogsRoute })) },
      { path: 'logs/auth-logs', lazy: () => logs().then((m) => ({ Component: m.AuthLogsRoute })) },
    ],
  },
  {
    key: 'api',
    label: 'API docs',
    icon: BookOpen,
    path: 'api',
    menu: () => [
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
          entry('Storage', 'api?page=storage'),
        ],
      },
      { title: 'GraphQL', entries: [entry('GraphiQL', 'api/graphiql')] },
    ],
    // The docs are one page whose query says which part: ?page=, ?resource=, ?rpc=.
    page: ({ path, search }) => {
      if (path !== 'api') return undefined
      const page = search.get('page')
      if (page && API_PAGE_TITLES[page]) return { kind: 'page', area: 'api', title: API_PAGE_TITLES[page] }
      if (search.get('resource')) return { kind: 'page', area: 'api', title: `API docs: ${search.get('resource')}` }
      if (search.get('rpc')) return { kind: 'page', area: 'api', title: `API docs: ${search.get('rpc')}` }
      return { kind: 'page', area: 'api', title: 'API docs' }
    },
    routes: [{ path: 'api', lazy: () => import('./api-docs-route').then((m) => ({ Component: m.ApiDocsRoute })) }],
  },
  {
    key: 'reports',
    label: 'Reports',
    icon: BarChart3,
    path: 'reports',
    menu: (ctx) => [
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
          [has(ctx, 'storage:read'), entry('Storage', 'reports/storage')],
          entry('Database', 'reports/database'),
          entry('Query performance', 'reports/query-performance'),
        ),
      },
    ],
    // reports/{reportId}: a custom report not listed (yet); a built-in report the menu hides is not found.
    page: ({ segments, entry: known }) =>
      segments.length === 2 && !known && !BUILT_IN_REPORTS.includes(segments[1] ?? '')
        ? { kind: 'page', area: 'reports', title: 'Report' }
        : undefined,
    routes: [
      { path: 'reports', lazy: () => reports().then((m) => ({ Component: m.ReportsRoute })) },
      { path: 'reports/:id', lazy: () => reports().then((m) => ({ Component: m.ReportRoute })) },
      { path: 'reports/api-overview', lazy: () => reports().then((m) => ({ Component: m.ApiOverviewReportRoute })) },
      { path: 'reports/database', lazy: () => reports().then((m) => ({ Component: m.DatabaseReportRoute })) },
      {
        path: 'reports/query-performance',
        lazy: () => reports().then((m) => ({ Component: m.QueryPerformanceReportRoute })),
      },
      { path: 'reports/storage', lazy: () => reports().then((m) => ({ Component: m.StorageReportRoute })) },
    ],
  },
  {
    key: 'settings',
    label: 'Settings',
    icon: Settings,
    path: 'settings/general',
    menu: (ctx) => [
      {
        title: 'Project settings',
        entries: when(
          entry('General', 'settings/general'),
          entry('Compute and disk', 'settings/infrastructure'),
          [hosted(ctx), entry('Integrations', 'settings/integrations')],
          entry('Add-ons', 'settings/addons'),
          entry('Vault', 'settings/vault/secrets', 'beta'),
        ),
      },
      {
        title: 'Configuration',
        entries: when(
          entry('Database', 'settings/database'),
          entry('Data API', 'settings/api'),
          [hosted(ctx) && has(ctx, 'auth:write'), entry('Authentication', 'settings/auth')],
          [hosted(ctx) && has(ctx, 'storage:write'), entry('Storage', 'settings/storage')],
          [hosted(ctx) && has(ctx, 'settings:write'), entry('Edge Functions', 'settings/functions')],
        ),
      },
    ],
    waitWhileComingUp: [
      'settings/database',
      'settings/api',
      'settings/auth',
      'settings/storage',
      'settings/infrastructure',
      'settings/addons',
    ],
    routes: [
      { path: 'settings/general', lazy: () => settings().then((m) => ({ Component: m.GeneralSettingsRoute })) },
      { path: 'settings/database', lazy: () => settings().then((m) => ({ Component: m.DatabaseSettingsRoute })) },
      { path: 'settings/api', lazy: () => settings().then((m) => ({ Component: m.ApiSettingsRoute })) },
      {
        path: 'settings/infrastructure',
        lazy: () => settings().then((m) => ({ Component: m.InfrastructureSettingsRoute })),
      },
      { path: 'settings/storage', lazy: () => storage().then((m) => ({ Component: m.StorageSettingsRoute })) },
    ],
  },
]

const areaByKey = new Map<string, ProjectAreaDefinition>(PROJECT_AREAS.map((a) => [a.key, a]))

/** The areas a member of the project sees, with their menus (empty groups left out). */
export function buildProjectMenu(ctx: ProjectMenuContext): ProjectArea[] {
  return PROJECT_AREAS.map((area) => ({
    key: area.key,
    label: area.label,
    icon: area.icon,
    path: area.path,
    groups: (area.menu?.(ctx) ?? []).filter((g) => g.entries.length > 0),
  }))
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
  const area = areaByKey.get(segments[0] ?? '')
  if (!area) return { kind: 'not_found' }

  if (area.access && !has(ctx, area.access.permission)) {
    return { kind: 'no_access', area: area.key, title: area.label, detail: area.access.detail }
  }

  const entries = (area.menu?.(ctx) ?? []).flatMap((g) => g.entries)
  const known = entries.find((e) => e.path === clean)

  if (ctx.status === 'coming_up' && area.waitWhileComingUp?.includes(clean) && known) {
    return { kind: 'redirect', to: `/project/${ctx.ref}/building?from=${encodeURIComponent(clean)}` }
  }

  const own = area.page?.({ path: clean, segments, search, entry: known, entries, ref: ctx.ref })
  if (own) return own
  if (known) return { kind: 'page', area: area.key, title: known.label }
  if (segments.length === 1) return { kind: 'page', area: area.key, title: area.label }
  return { kind: 'not_found' }
}

/** Which area a path inside a project belongs to, for highlighting the nav. */
export function areaOfPath(path: string): AreaKey | null {
  const first = path.replace(/^\/+/, '').split('/')[0] ?? ''
  return areaByKey.get(first)?.key ?? null
}
