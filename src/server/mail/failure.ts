/**
 * Why a send failed, as `last_error` and the logs keep it, and whether the connection failed.
 * The kind is read back from the kept text (`CODE 123: message`), so the worker can tell,
 * long after the error object is gone, which mail an unreachable SMTP server rather than the
 * mail itself stopped: that mail goes out again by itself once the server answers.
 */

/**
 * A short, single-line reason for `last_error` and logs: nodemailer's code and the server's
 * reply code first, then the message's first line with URL credentials and e-mail addresses
 * masked.
 */
export function describeError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const message = typeof e.message === 'string' ? e.message : String(error);
  const prefix = [
    typeof e.code === 'string' ? e.code : '',
    typeof e.responseCode === 'number' ? String(e.responseCode) : '',
  ]
    .filter(Boolean)
    .join(' ');
  const line = (message.split(/\r?\n/)[0] ?? '')
    .replace(/\/\/[^/@\s]*@/g, '//***@')
    // SMTP servers quote the recipient ('550 <ada@example.com>: unknown user'); the reason is
    // logged, and logs never hold an address.
    .replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, '[address]');
  return (prefix ? `${prefix}: ${line}` : line).slice(0, 300);
}

/**
 * Codes of a connection that could not be made, was lost or timed out, or whose sign-in failed
 * (nodemailer's own, and Node's for a transport that passes a socket error on as it is).
 * Nothing about the mail: the same mail goes through once the server answers.
 */
const CONNECTION_CODES = [
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
];

/**
 * A reason (as `describeError` writes it) for a connection-level failure: one of the codes
 * above, or the server's 421 (closing the connection, RFC 5321 §3.8). Written for both
 * JavaScript and PostgreSQL's `~`, so the worker and its SQL agree on every row. A refusal of
 * the recipient or message, for good (5yz) or for now (4yz, retried with back-off), is not one.
 */
export const CONNECTION_FAILURE = `^((${CONNECTION_CODES.join('|')})( [0-9]{3})?|([A-Z_]+ )?421): `;

const connectionFailure = new RegExp(CONNECTION_FAILURE);

/**
 * Whether the reason says the SMTP server could not be reached or talked to: such mail goes out
 * again by itself once the server answers; anything else set aside waits for staff.
 */
export function isConnectionFailure(reason: string): boolean {
  return connectionFailure.test(reason);
}
