import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe('configuration (CONTRACT §1)', () => {
  it('has the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.KYC_PROVIDER).toBe('builtin');
    expect(env.RATE_LIMIT_SCALE).toBe(1);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('follows PORT in the default PUBLIC_URL and drops a trailing slash', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseEnv({ PUBLIC_URL: 'https://waj.co.uk/' }).PUBLIC_URL).toBe('https://waj.co.uk');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ KYC_PROVIDER: 'acme' }, 'KYC_PROVIDER'],
    [{ KYC_PROVIDER: 'veriff' }, 'VERIFF_API_KEY'],
    [{ RATE_LIMIT_SCALE: '-1' }, 'RATE_LIMIT_SCALE'],
    [{ TRUST_PROXY: 'not-an-ip' }, 'TRUST_PROXY'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ ADMIN_PASSPHRASE: 'short' }, 'ADMIN_PASSPHRASE'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ S3_BUCKET: 'cards' }, 'S3_REGION'],
    [{ ANALYTICS_SCRIPT_URL: 'http://insecure.example/a.js' }, 'ANALYTICS_SCRIPT_URL'],
  ])('refuses %o and names %s', (source, name) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('refuses to generate SESSION_SECRET or MFA_SECRET_KEY in production with DATABASE_URL, and names them', () => {
    const shared = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.internal/waj' };
    expect(() => parseEnv(shared)).toThrow(ConfigError);
    expect(() => parseEnv(shared)).toThrow(/\bSESSION_SECRET\b.*instances cannot share/);
    expect(() => parseEnv(shared)).toThrow(/\bMFA_SECRET_KEY\b.*instances cannot share/);
    const secret = 'x'.repeat(40);
    const key = 'k'.repeat(40);
    expect(() => parseEnv({ ...shared, SESSION_SECRET: secret })).toThrow(/\bMFA_SECRET_KEY\b/);
    const both = parseEnv({ ...shared, SESSION_SECRET: secret, MFA_SECRET_KEY: key });
    expect([both.SESSION_SECRET, both.MFA_SECRET_KEY]).toEqual([secret, key]);
    // One instance on its own DATA_DIR, or development against PostgreSQL: the file will do.
    expect(() => parseEnv({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => parseEnv({ ...shared, NODE_ENV: 'development' })).not.toThrow();
  });

  it('accepts an IP or CIDR for TRUST_PROXY and treats empty values as unset', () => {
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(parseEnv({ TRUST_PROXY: '::1' }).TRUST_PROXY).toBe('::1');
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: ' ' }).DATABASE_URL).toBeUndefined();
  });
});
