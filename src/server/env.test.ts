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

  describe('S3 storage', () => {
    const s3 = {
      S3_BUCKET: 'waj-files',
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-value-never-printed',
    };

    it('accepts the four together, with or without S3_ENDPOINT, encrypting by default', () => {
      const env = parseEnv(s3);
      expect(env).toMatchObject({ ...s3, S3_SERVER_SIDE_ENCRYPTION: 'AES256' });
      expect(env.S3_ENDPOINT).toBeUndefined();
      expect(
        parseEnv({
          ...s3,
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_SERVER_SIDE_ENCRYPTION: 'none',
        }),
      ).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_SERVER_SIDE_ENCRYPTION: 'none' });
      expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    });

    it.each(['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)(
      'names %s when it is missing from an S3 configuration',
      (name) => {
        const source: Record<string, string> = { ...s3 };
        delete source[name];
        expect(() => parseEnv(source)).toThrow(
          new RegExp(`\\b${name} is required when S3 storage is configured`),
        );
      },
    );

    it('names every missing one when only S3_ENDPOINT is set', () => {
      const error = (() => {
        try {
          parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' });
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
        expect(error?.message).toContain(`${name} is required`);
    });

    it.each([
      [{ S3_ENDPOINT: 'ftp://files.internal' }, 'S3_ENDPOINT'],
      [{ S3_BUCKET: 's3://waj-files' }, 'S3_BUCKET'],
      [{ S3_BUCKET: 'waj/files' }, 'S3_BUCKET'],
      [{ S3_REGION: 'EU West 2' }, 'S3_REGION'],
      [{ S3_SERVER_SIDE_ENCRYPTION: 'aws:kms' }, 'S3_SERVER_SIDE_ENCRYPTION'],
    ])('refuses %o and names %s, never printing the secret', (bad, name) => {
      expect(() => parseEnv({ ...s3, ...bad })).toThrow(new RegExp(`\\b${name}\\b`));
      expect(() => parseEnv({ ...s3, ...bad })).not.toThrow(/secret-value-never-printed/);
    });
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
