import type { PolicyCommand } from '@basalt/sql'

/**
 * Policy templates (spec 1 §9): eight defined, of which the five general ones are listed in the editor and
 * three are preview-only (defined for a later release, hidden from the list). Expressions follow the project's
 * auth helpers (auth.uid(), auth.jwt()), wrapped in a select so Postgres evaluates them once per statement.
 */
export interface PolicyTemplate {
  id: string
  name: string
  description: string
  command: PolicyCommand
  roles: string[]
  definition: string
  check: string
  /** Preview-only templates are defined but not listed. */
  listed: boolean
}

export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  {
    id: 'read-for-everyone',
    name: 'Enable read access for all users',
    description: 'Anyone, signed in or not, can read every row.',
    command: 'SELECT',
    roles: [],
    definition: 'true',
    check: '',
    listed: true,
  },
  {
    id: 'insert-for-authenticated',
    name: 'Enable insert for authenticated users only',
    description: 'Any signed-in user can add rows; visitors cannot.',
    command: 'INSERT',
    roles: ['authenticated'],
    definition: '',
    check: 'true',
    listed: true,
  },
  {
    id: 'update-by-email',
    name: 'Enable update for users based on email',
    description: 'A user can change the rows whose email column holds their own email, and cannot give them away.',
    command: 'UPDATE',
    roles: ['authenticated'],
    definition: "(select auth.jwt() ->> 'email') = email",
    check: "(select auth.jwt() ->> 'email') = email",
    listed: true,
  },
  {
    id: 'delete-by-user-id',
    name: 'Enable delete for users based on user_id',
    description: 'A user can delete the rows whose user_id column is their own id.',
    command: 'DELETE',
    roles: ['authenticated'],
    definition: '(select auth.uid()) = user_id',
    check: '',
    listed: true,
  },
  {
    id: 'insert-by-user-id',
    name: 'Enable insert for users based on user_id',
    description: 'A user can add rows only with their own id in the user_id column.',
    command: 'INSERT',
    roles: ['authenticated'],
    definition: '',
    check: '(select auth.uid()) = user_id',
    listed: true,
  },
  {
    id: 'table-joins',
    name: 'Policy with table joins',
    description: 'A user can read the rows of the teams they are a member of (a team_members table).',
    command: 'SELECT',
    roles: ['authenticated'],
    definition: 'team_id in (select team_id from public.team_members where user_id = (select auth.uid()))',
    check: '',
    listed: false,
  },
  {
    id: 'security-definer-function',
    name: 'Policy with security definer functions',
    description: 'The same as a join, through a security definer function that bypasses the joined table’s RLS.',
    command: 'SELECT',
    roles: ['authenticated'],
    definition: 'team_id in (select public.teams_of_user((select auth.uid())))',
    check: '',
    listed: false,
  },
  {
    id: 'time-to-live',
    name: 'Records visible for 24 hours',
    description: 'Rows can be read for a day after they were created.',
    command: 'SELECT',
    roles: [],
    definition: "created_at > (now() - interval '1 day')",
    check: '',
    listed: false,
  },
]

/** The templates the editor lists (spec 1 §9: the five general ones). */
export const LISTED_TEMPLATES = POLICY_TEMPLATES.filter((t) => t.listed)
