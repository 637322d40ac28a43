import { describe, expect, it } from 'vitest';
import {
  CHALLENGE_EXPIRED,
  INVALID_CODE,
  JOIN_LINK_INVALID,
  PASSPHRASE_TOO_SHORT,
} from '#shared/schemas/staff.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from '#client/lib/api-client.ts';
import {
  AUTHENTICATION_FAILED,
  codeFailure,
  joinFailure,
  signInMessage,
} from './sign-in-errors.ts';

describe('signInMessage', () => {
  it('gives the spec messages', () => {
    expect(signInMessage(new ApiError(401, 'anything'))).toBe('Invalid credentials');
    expect(signInMessage(new Error('Invalid credentials'))).toBe('Invalid credentials');
    expect(signInMessage(new ApiError(500, 'boom'))).toBe(AUTHENTICATION_FAILED);
    expect(signInMessage(new ApiError(0, 'offline'))).toBe(AUTHENTICATION_FAILED);
    expect(signInMessage(new TypeError('x'))).toBe(AUTHENTICATION_FAILED);
  });

  it("passes a rate limit's own message on (it says when to try again)", () => {
    expect(signInMessage(new ApiError(429, 'Try again in 4 seconds.'))).toBe(
      'Try again in 4 seconds.',
    );
  });
});

describe('codeFailure', () => {
  it('sends an expired challenge back to step one', () => {
    expect(codeFailure(new ApiError(401, CHALLENGE_EXPIRED))).toEqual({
      kind: 'expired',
      message: CHALLENGE_EXPIRED,
    });
    expect(
      codeFailure(new ApiError(400, 'Invalid input', { challenge: CHALLENGE_EXPIRED })).kind,
    ).toBe('expired');
  });

  it("keeps a wrong code on the code step with the server's message", () => {
    expect(codeFailure(new ApiError(401, INVALID_CODE))).toEqual({
      kind: 'retry',
      message: INVALID_CODE,
    });
    expect(codeFailure(new ApiError(401, GENERIC_ERROR_MESSAGE)).message).toBe(INVALID_CODE);
    expect(codeFailure(new ApiError(400, 'Invalid input', { code: 'Enter it' })).message).toBe(
      'Enter it',
    );
    expect(codeFailure(new ApiError(429, 'Wait 2 minutes.')).message).toBe('Wait 2 minutes.');
  });

  it('calls anything else an authentication failure', () => {
    expect(codeFailure(new ApiError(0, 'offline')).message).toBe(AUTHENTICATION_FAILED);
    expect(codeFailure(new ApiError(500, 'boom')).message).toBe(AUTHENTICATION_FAILED);
    expect(codeFailure(new Error('x')).message).toBe(AUTHENTICATION_FAILED);
  });
});

describe('joinFailure', () => {
  it('recognises a used, expired or unknown link', () => {
    expect(joinFailure(new ApiError(400, JOIN_LINK_INVALID))).toEqual({ kind: 'invalid' });
    expect(joinFailure(new ApiError(401, JOIN_LINK_INVALID))).toEqual({ kind: 'invalid' });
    expect(joinFailure(new ApiError(400, 'Invalid input', { token: JOIN_LINK_INVALID }))).toEqual({
      kind: 'invalid',
    });
  });

  it("shows a refused passphrase's own message", () => {
    expect(
      joinFailure(new ApiError(400, 'Invalid input', { passphrase: PASSPHRASE_TOO_SHORT })),
    ).toEqual({ kind: 'retry', message: PASSPHRASE_TOO_SHORT });
  });

  it('calls a lost connection an authentication failure', () => {
    expect(joinFailure(new ApiError(0, 'offline'))).toEqual({
      kind: 'retry',
      message: AUTHENTICATION_FAILED,
    });
  });
});
