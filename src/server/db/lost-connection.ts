/**
 * Whether an error means the database connection was lost rather than that the query was
 * wrong: a restart, a failover, `pg_terminate_backend`, an idle-in-transaction timeout or the
 * server being out of reach. Such a request is worth retrying once the database is back, so it
 * answers 503 instead of 500.
 */

/** SQLSTATEs of a lost or refused connection (class 08 is matched as a whole). */
const LOST_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);

/** Socket errors Node raises while the database is out of reach. */
const LOST_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * node-postgres raises plain Errors without a code for a connection that ended under a query,
 * a client already broken, or no connection within the pool's timeout.
 */
const LOST_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

/**
 * The code of a lost connection (a SQLSTATE, a Node error code, or `connection_terminated`),
 * looking through Drizzle's wrapper to its cause; undefined for any other error. Only the code
 * is ever logged: the messages can quote the query.
 */
export function lostConnectionCode(error: unknown): string | undefined {
  let e = error as Record<string, unknown> | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (LOST_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code;
    if (code && LOST_NODE_CODES.has(code)) return code;
    if (!code && typeof e.message === 'string' && LOST_MESSAGES.test(e.message)) {
      return 'connection_terminated';
    }
    e = e.cause as Record<string, unknown> | null | undefined;
  }
  return undefined;
}
