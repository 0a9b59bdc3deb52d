/** Prefix of the project catalog and data routes (spec 2 §7). */
export const PG_META = '/api/platform/pg-meta/:ref'

// Spec 1 §6: reading needs read permission on SQL admin; changing tables, columns and rows needs write.
export const read = { permission: 'tenant_sql:read', scope: 'project' } as const
export const write = { permission: 'tenant_sql:write', scope: 'project' } as const
export const authRead = { permission: 'auth:read', scope: 'project' } as const
// Spec 1 §6: creating, editing and deleting policies (and trying one) needs the policies permission.
export const policiesWrite = { permission: 'policies:write', scope: 'project' } as const
