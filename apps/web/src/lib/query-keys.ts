/**
 * Query keys of resources that more than one feature reads, so a mutation in one invalidates the
 * views of another. Feature-private keys live beside their fetchers.
 */
export const queryKeys = {
  authState: ['auth', 'state'] as const,
  session: ['auth', 'session'] as const,
  organizations: ['organizations'] as const,
  organization: (slug: string) => ['organizations', slug] as const,
  projects: ['projects'] as const,
  project: (ref: string) => ['projects', ref] as const,
}
