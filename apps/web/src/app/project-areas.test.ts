import { describe, expect, it } from 'vitest'
import { permissionsOf, type Permission } from '@basalt/contracts'
import { routes } from './router'
import {
  areaOfPath,
  buildProjectMenu,
  PROJECT_AREAS,
  EDGE_GATEWAY_NAME,
  EDGE_HOSTED_NAME,
  NO_ACCESS_DETAILS,
  resolveProjectPage,
  type ProjectMenuContext,
} from './project-areas'

const base: ProjectMenuContext = {
  mode: 'hosted',
  features: { pgNet: false, pitr: false, services: { auth: true, storage: true, realtime: true } },
  permissions: permissionsOf('owner'),
  status: 'active',
}

const paths = (ctx: Partial<ProjectMenuContext>, area?: string) =>
  buildProjectMenu({ ...base, ...ctx })
    .filter((a) => !area || a.key === area)
    .flatMap((a) => a.groups.flatMap((g) => g.entries.map((e) => e.path)))

const labels = (ctx: Partial<ProjectMenuContext>, area: string) =>
  buildProjectMenu({ ...base, ...ctx })
    .find((a) => a.key === area)!
    .groups.flatMap((g) => g.entries.map((e) => e.label))

describe('buildProjectMenu', () => {
  it('lists every area of spec 2 §2 with its landing page', () => {
    expect(buildProjectMenu(base).map((a) => [a.label, a.path])).toEqual([
      ['Table editor', 'editor'],
      ['SQL editor', 'sql/new'],
      ['Database', 'database/tables'],
      ['Auth', 'auth/users'],
      ['Storage', 'storage/buckets'],
      ['Logs', 'logs/explorer'],
      ['API docs', 'api'],
      ['Reports', 'reports'],
      ['Settings', 'settings/general'],
    ])
  })

  const hostedOnly = [
    'auth/providers',
    'auth/rate-limits',
    'auth/templates',
    'auth/url-configuration',
    'auth/hooks',
    'database/backups/scheduled',
    'logs/explorer/saved',
    'logs/pooler-logs',
    'settings/integrations',
    'settings/auth',
    'settings/storage',
    'settings/functions',
  ]

  it('shows the hosted-only entries when hosted', () => {
    expect(paths({ mode: 'hosted' })).toEqual(expect.arrayContaining(hostedOnly))
  })

  it('hides the hosted-only entries when not hosted', () => {
    const selfHosted = paths({ mode: 'self-hosted' })
    for (const p of hostedOnly) expect(selfHosted).not.toContain(p)
    // …and keeps the rest.
    expect(selfHosted).toEqual(
      expect.arrayContaining([
        'auth/users',
        'auth/policies',
        'logs/explorer/recent',
        'logs/explorer/templates',
        'settings/api',
      ]),
    )
  })

  it('names the edge logs after the hosted network or the third-party gateway', () => {
    expect(labels({ mode: 'hosted' }, 'logs')).toContain(EDGE_HOSTED_NAME)
    expect(labels({ mode: 'self-hosted' }, 'logs')).toContain(EDGE_GATEWAY_NAME)
    expect(EDGE_HOSTED_NAME).toBe('API Edge Network')
    expect(labels({ mode: 'self-hosted' }, 'logs')).not.toContain(EDGE_HOSTED_NAME)
  })

  it('shows database hooks only with pg_net', () => {
    expect(paths({}, 'database')).not.toContain('database/hooks')
    expect(paths({ features: { ...base.features, pgNet: true } }, 'database')).toContain('database/hooks')
  })

  it('shows point-in-time backups with the PITR add-on, scheduled backups otherwise', () => {
    expect(paths({}, 'database')).toContain('database/backups/scheduled')
    expect(paths({}, 'database')).not.toContain('database/backups/pitr')
    const pitr = paths({ features: { ...base.features, pitr: true } }, 'database')
    expect(pitr).toContain('database/backups/pitr')
    expect(pitr).not.toContain('database/backups/scheduled')
    expect(paths({ mode: 'self-hosted', features: { ...base.features, pitr: true } }, 'database')).not.toContain(
      'database/backups/pitr',
    )
  })

  it('lists service logs only for enabled services', () => {
    const none = paths(
      { features: { ...base.features, services: { auth: false, storage: false, realtime: false } } },
      'logs',
    )
    expect(none).not.toEqual(expect.arrayContaining(['logs/auth-logs']))
    expect(none).not.toContain('logs/storage-logs')
    expect(none).not.toContain('logs/realtime-logs')
    const onlyStorage = paths(
      { features: { ...base.features, services: { auth: false, storage: true, realtime: false } } },
      'logs',
    )
    expect(onlyStorage).toContain('logs/storage-logs')
    expect(onlyStorage).not.toContain('logs/auth-logs')
  })

  it('keeps column privileges behind its flag', () => {
    expect(paths({}, 'auth')).not.toContain('auth/column-privileges')
    expect(paths({ flags: { columnPrivileges: true } }, 'auth')).toContain('auth/column-privileges')
  })

  it('gates the storage report on storage read and lists built-in and custom reports', () => {
    expect(paths({}, 'reports')).toEqual([
      'reports/api-overview',
      'reports/storage',
      'reports/database',
      'reports/query-performance',
    ])
    const noStorage = permissionsOf('owner').filter((p) => p !== 'storage:read')
    expect(paths({ permissions: noStorage }, 'reports')).not.toContain('reports/storage')
    const custom = paths(
      {
        customReports: [
          { id: 'r2', name: 'Zeta' },
          { id: 'r1', name: 'Alpha' },
        ],
      },
      'reports',
    )
    expect(custom.slice(0, 2)).toEqual(['reports/r1', 'reports/r2'])
  })

  it('gates the hosted auth, storage and functions settings on their permissions', () => {
    const readOnly = paths({ permissions: permissionsOf('read_only') }, 'settings')
    expect(readOnly).not.toContain('settings/auth')
    expect(readOnly).not.toContain('settings/storage')
    expect(readOnly).not.toContain('settings/functions')
    expect(paths({ permissions: permissionsOf('developer') }, 'settings')).toEqual(
      expect.arrayContaining(['settings/auth', 'settings/storage']),
    )
  })
})

describe('resolveProjectPage', () => {
  const ctx = (over: Partial<ProjectMenuContext> = {}) => ({ ...base, ref: 'abc', ...over })
  const none = new URLSearchParams()
  const without = (p: Permission) => permissionsOf('owner').filter((x) => x !== p)

  it('gives pages their menu title', () => {
    expect(resolveProjectPage('database/triggers', none, ctx())).toEqual({
      kind: 'page',
      area: 'database',
      title: 'Triggers',
    })
    expect(resolveProjectPage('logs/edge-logs', none, ctx({ mode: 'self-hosted' }))).toMatchObject({ title: 'Kong' })
    expect(resolveProjectPage('api', new URLSearchParams('page=auth'), ctx())).toMatchObject({
      title: 'Authentication',
    })
    expect(resolveProjectPage('storage/buckets/avatars', none, ctx())).toMatchObject({ title: 'Bucket avatars' })
    expect(resolveProjectPage('editor/42', none, ctx())).toMatchObject({ title: 'Table editor' })
    expect(resolveProjectPage('sql/123', none, ctx())).toMatchObject({ title: 'SQL editor' })
  })

  it('sends logs without analytics read, and the table editor without tenant SQL read, to a no-access page', () => {
    expect(resolveProjectPage('logs/explorer', none, ctx({ permissions: without('analytics:read') }))).toEqual({
      kind: 'no_access',
      area: 'logs',
      title: 'Logs',
      detail: NO_ACCESS_DETAILS.logs,
    })
    expect(resolveProjectPage('editor', none, ctx({ permissions: without('tenant_sql:read') }))).toMatchObject({
      kind: 'no_access',
      title: 'Table editor',
    })
    expect(resolveProjectPage('editor/7', none, ctx({ permissions: without('tenant_sql:read') }))).toMatchObject({
      kind: 'no_access',
    })
  })

  it('redirects the named settings pages to the building page while coming up', () => {
    for (const p of [
      'settings/database',
      'settings/api',
      'settings/infrastructure',
      'settings/addons',
      'settings/auth',
    ]) {
      expect(resolveProjectPage(p, none, ctx({ status: 'coming_up' }))).toEqual({
        kind: 'redirect',
        to: `/project/abc/building?from=${encodeURIComponent(p)}`,
      })
    }
    expect(resolveProjectPage('settings/database', none, ctx({ status: 'active' }))).toMatchObject({ kind: 'page' })
    expect(resolveProjectPage('settings/vault/secrets', none, ctx({ status: 'coming_up' }))).toMatchObject({
      kind: 'page',
    })
  })

  it('shows database/hooks without pg_net as a page that says webhooks need it (the menu has no entry)', () => {
    expect(resolveProjectPage('database/hooks', none, ctx())).toEqual({
      kind: 'page',
      area: 'database',
      title: 'Webhooks',
    })
  })

  it('treats pages the menu hides, and unknown paths, as not found', () => {
    expect(resolveProjectPage('auth/providers', none, ctx({ mode: 'self-hosted' }))).toEqual({ kind: 'not_found' })
    expect(resolveProjectPage('reports/storage', none, ctx({ permissions: without('storage:read') }))).toEqual({
      kind: 'not_found',
    })
    expect(resolveProjectPage('nonsense', none, ctx())).toEqual({ kind: 'not_found' })
  })

  it('sends /database/backups to the backups page the project has', () => {
    expect(resolveProjectPage('database/backups', none, ctx())).toEqual({
      kind: 'redirect',
      to: '/project/abc/database/backups/scheduled',
    })
    expect(resolveProjectPage('database/backups', none, ctx({ features: { ...base.features, pitr: true } }))).toEqual({
      kind: 'redirect',
      to: '/project/abc/database/backups/pitr',
    })
    // The sub-page a project does not have is the one it has, not a 404.
    expect(resolveProjectPage('database/backups/pitr', none, ctx())).toEqual({
      kind: 'redirect',
      to: '/project/abc/database/backups/scheduled',
    })
    expect(
      resolveProjectPage('database/backups/scheduled', none, ctx({ features: { ...base.features, pitr: true } })),
    ).toEqual({ kind: 'redirect', to: '/project/abc/database/backups/pitr' })
    // Self-hosted has no backups page of either kind (spec 2: hosted only).
    expect(resolveProjectPage('database/backups/pitr', none, ctx({ mode: 'self-hosted' }))).toEqual({
      kind: 'not_found',
    })
  })
})

describe('the areas table', () => {
  it('names each area once, with a landing page and built routes inside the area', () => {
    const keys = PROJECT_AREAS.map((a) => a.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const area of PROJECT_AREAS) {
      expect(areaOfPath(area.path), area.key).toBe(area.key)
      for (const route of area.routes ?? []) expect(areaOfPath(route.path ?? ''), `${area.key} route`).toBe(area.key)
      expect(area.icon, area.key).toBeTruthy()
    }
    expect(areaOfPath('building')).toBeNull()
    expect(areaOfPath('constructor')).toBeNull()
  })

  it("is what the menu lists, in the table's order, with each area's own icon", () => {
    expect(buildProjectMenu(base).map((a) => [a.key, a.icon])).toEqual(PROJECT_AREAS.map((a) => [a.key, a.icon]))
  })

  it("is what the router serves under /project/:ref: each area's built routes, behind the area's gate", () => {
    const project = routes[0]!.children!.flatMap((r) => r.children ?? []).find((r) => r.path === 'project/:ref')!
    const gated = project.children!.filter((r) => r.children && r.path === undefined && !r.index)
    expect(gated.map((r) => r.children)).toEqual(PROJECT_AREAS.flatMap((a) => (a.routes ? [a.routes] : [])))
    expect(gated.every((r) => typeof r.lazy === 'function')).toBe(true)
  })
})
