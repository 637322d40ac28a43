import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadKycFile } from './upload-kyc-file.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadKycFile', () => {
  it('sends the form with the header the server takes uploads by, and no JSON type', async () => {
    const fetchMock = vi.fn(
      async (_input: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ ok: true, id: 'f1' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'id.jpg', { type: 'image/jpeg' });
    await expect(uploadKycFile({ type: 'document', file })).resolves.toEqual({
      ok: true,
      id: 'f1',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/apply-kyc-upload');
    expect(init?.headers).toMatchObject({ 'x-requested-with': 'waj' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
    expect((init?.body as FormData).get('type')).toBe('document');
  });
});
