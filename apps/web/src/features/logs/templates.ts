/** The explorer's templates (logs/explorer/templates): each opens in the explorer as SQL. */
export const LOG_TEMPLATES = [
  {
    id: 'errors-last-hour',
    title: 'Errors in the last hour',
    description: 'Requests answered with a 4xx or 5xx status, newest first.',
    sql: `select timestamp, method, path, status, member
from edge_logs
where status >= 400 and timestamp > now() - interval '1 hour'
order by timestamp desc`,
  },
  {
    id: 'slowest-requests',
    title: 'Slowest requests',
    description: 'The 50 requests that took longest to answer.',
    sql: `select timestamp, method, path, status, duration_ms
from edge_logs
order by duration_ms desc
limit 50`,
  },
  {
    id: 'postgres-errors-by-sqlstate',
    title: 'Postgres errors by SQLSTATE',
    description: 'How often each error code occurred, with one message of each.',
    sql: `select sqlstate, count(*) as events, min(message) as example
from postgres_logs
where severity in ('ERROR', 'FATAL', 'PANIC')
group by sqlstate
order by events desc`,
  },
  {
    id: 'requests-per-path',
    title: 'Requests per path',
    description: 'Requests, errors and the median time of each path.',
    sql: `select path, count(*) as requests, count(*) filter (where status >= 400) as errors,
       percentile_cont(0.5) within group (order by duration_ms) as p50_ms
from edge_logs
group by path
order by requests desc`,
  },
  {
    id: 'requests-per-member',
    title: 'Requests per member',
    description: 'Who made how many requests, and when they last did.',
    sql: `select member, count(*) as requests, max(timestamp) as last_request
from edge_logs
group by member
order by requests desc`,
  },
  {
    id: 'failed-storage-requests',
    title: 'Failed storage requests',
    description: 'Uploads, downloads and bucket changes that failed.',
    sql: `select timestamp, method, path, status, member
from storage_logs
where status >= 400
order by timestamp desc`,
  },
  {
    id: 'auth-user-changes',
    title: 'Changes to auth users',
    description: 'Users created, edited, banned, unbanned and deleted, and by whom.',
    sql: `select timestamp, action, target, member, details
from auth_logs
order by timestamp desc`,
  },
] as const
