/**
 * Texts every project area shares. Those quoted in spec 2 §2 and §8 (role impersonation) are verbatim; tests
 * assert them from here.
 */
export const PROJECT_MESSAGES = {
  // spec 2 §2 role impersonation
  roleButton: 'Role',
  roleSettingsTitle: 'Database role settings',
  stopImpersonating: 'Stop Impersonating',
  // spec 2 §8
  noUsersFound: 'No users found',
  usersError: 'Failed to retrieve users',
} as const
