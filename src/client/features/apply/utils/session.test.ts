import { afterEach, describe, expect, it } from 'vitest';
import { applicantSessionEnding, noteSignOut } from './session.ts';

/** The readable cookie jar of a page, as far as these helpers read it. */
function cookies(value: string) {
  Object.defineProperty(globalThis, 'document', { value: { cookie: value }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

describe('applicantSessionEnding', () => {
  it('holds from the sign-out asked for in this tab until a new session begins', () => {
    cookies('apply_session=app-1');
    expect(applicantSessionEnding()).toBe(false);

    noteSignOut('asked');
    expect(applicantSessionEnding()).toBe(true);
    // The server ended it and cleared the cookie; the screen is still leaving.
    noteSignOut('done');
    cookies('');
    expect(applicantSessionEnding()).toBe(true);

    // A new session in this tab reads again, and a later end elsewhere is not this tab's.
    cookies('apply_session=app-2');
    expect(applicantSessionEnding()).toBe(false);
    cookies('');
    expect(applicantSessionEnding()).toBe(false);
  });

  it('lets go when the sign-out fails: the session is still open', () => {
    cookies('apply_session=app-3');
    noteSignOut('asked');
    noteSignOut('failed');
    expect(applicantSessionEnding()).toBe(false);
  });
});
