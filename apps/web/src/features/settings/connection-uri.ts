import type { ProjectConnectionInfo } from '@basalt/contracts'

/** Stands for the password in the connection string shown on the page; the user puts the real one in. */
export const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]'

/**
 * The connection string (URI) form of a project's connection parameters, with a placeholder where the
 * password goes. The user and database are percent-encoded and an IPv6 host is bracketed (RFC 3986), so a
 * role or database name with `@`, `/` or `:` still makes a string libpq reads back as the same values.
 *
 * @example
 *   connectionUri({ host: '127.0.0.1', port: 5432, user: 'admin', database: 'app' })
 *   // 'postgresql://admin:[YOUR-PASSWORD]@127.0.0.1:5432/app'
 */
export function connectionUri(info: Pick<ProjectConnectionInfo, 'host' | 'port' | 'user' | 'database'>): string {
  const host = info.host.includes(':') ? `[${info.host}]` : info.host
  const user = encodeURIComponent(info.user)
  const database = encodeURIComponent(info.database)
  return `postgresql://${user}:${PASSWORD_PLACEHOLDER}@${host}:${info.port}/${database}`
}
