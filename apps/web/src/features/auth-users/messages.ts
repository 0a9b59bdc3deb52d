/** Texts of Auth › Users; those quoted in spec 2 §8 are verbatim (PROJECT_MESSAGES holds the shared ones). */
export const AUTH_USERS_TEXT = {
  title: 'Users',
  description: "The users of this project's auth.users: those GoTrue signs in, and those you add here.",
  addUser: 'Add user',
  searchLabel: 'Search users',
  searchPlaceholder: 'Search by email, phone or id',
  loadMore: 'Load more users',
  readOnly: 'Read-only: you can see users but not change them.',
  filters: {
    all: 'All users',
    verified: 'Verified',
    unverified: 'Unverified',
    anonymous: 'Anonymous',
    banned: 'Banned',
  },
  sorts: { created_at: 'Created', last_sign_in_at: 'Last sign-in', email: 'Email' },
  created: (email: string) => `Created user ${email}`,
  updated: 'Metadata saved',
  banned: (email: string) => `Banned ${email}`,
  unbanned: (email: string) => `Lifted the ban of ${email}`,
  deleted: (email: string) => `Deleted user ${email}`,
} as const
