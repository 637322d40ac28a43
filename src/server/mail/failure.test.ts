import { describe, expect, it } from 'vitest';
import { describeError, isConnectionFailure } from './failure.ts';

const smtpError = (message: string, fields: { code?: string; responseCode?: number }) =>
  Object.assign(new Error(message), fields);

describe('a failed send', () => {
  it('is described by its codes and first line, with addresses and credentials masked', () => {
    expect(
      describeError(
        smtpError("Can't send mail - all recipients were rejected: 550 <ada@example.com>: no\nx", {
          code: 'EENVELOPE',
          responseCode: 550,
        }),
      ),
    ).toBe("EENVELOPE 550: Can't send mail - all recipients were rejected: 550 <[address]>: no");
    const withUrl = describeError(new Error('connect to smtp://user:secret@mail.example failed'));
    expect(withUrl).not.toContain('secret');
    expect(withUrl).toMatch(/^connect to smtp:/);
  });

  it('is connection-level when the server could not be reached, talked to or signed in to', () => {
    const unreachable = [
      smtpError('connect ECONNREFUSED 127.0.0.1:25', { code: 'ESOCKET' }),
      smtpError('Connection closed unexpectedly', { code: 'ECONNECTION' }),
      smtpError('Greeting never received', { code: 'ETIMEDOUT' }),
      smtpError('Invalid login: 535 5.7.8 Authentication failed', {
        code: 'EAUTH',
        responseCode: 535,
      }),
      smtpError('421 4.3.2 Service shutting down', { code: 'EENVELOPE', responseCode: 421 }),
      smtpError('read ECONNRESET', { code: 'ECONNRESET' }),
    ];
    for (const error of unreachable) expect(isConnectionFailure(describeError(error))).toBe(true);
  });

  it('is not connection-level when the recipient or message was refused, or unknown', () => {
    const refused = [
      smtpError('550 5.1.1 <ada@example.com>: unknown user', {
        code: 'EENVELOPE',
        responseCode: 550,
      }),
      smtpError('451 4.7.1 Greylisted, try again later', { code: 'EENVELOPE', responseCode: 451 }),
      smtpError('552 Message size exceeds limit', { code: 'EMESSAGE', responseCode: 552 }),
      new Error('Recipient rejected by the SMTP server'),
      // A message that merely begins like a code is not one.
      new Error('ESOCKET-like text without a code'),
    ];
    for (const error of refused) expect(isConnectionFailure(describeError(error))).toBe(false);
  });
});
