import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApplyBasicRequest } from '#shared/schemas/apply.ts';
import {
  ApiError,
  callApi,
  downloadApi,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  readApi,
  uploadApi,
} from './api-client.ts';

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('posts JSON under /api with same-origin credentials and returns the body', async () => {
    const fetchMock = mockFetch(json(200, { ok: true, basic_id: 'b1' }));
    const body: TApplyBasicRequest = { full_name: 'A B', email: 'a@b.co', reason: 'Curious' };
    await expect(callApi('apply-basic', body)).resolves.toEqual({
      ok: true,
      basic_id: 'b1',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/apply-basic',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify(body),
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('turns the contract error shape into an ApiError with status, message and details', async () => {
    mockFetch(
      json(400, {
        ok: false,
        error: 'Invalid input',
        details: { email: 'Please enter a valid email address' },
      }),
    );
    const error = await callApi('apply-magic-link', { email: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      details: { email: 'Please enter a valid email address' },
    });
  });

  it('treats ok: false on a 2xx as a failure', async () => {
    mockFetch(json(200, { ok: false, error: 'Invalid credentials' }));
    await expect(callApi('admin-auth', { email: 'a@b.co', passphrase: 'x' })).rejects.toMatchObject(
      {
        status: 200,
        message: 'Invalid credentials',
      },
    );
  });

  it('uses a generic message when the body is not the contract shape', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(readApi('card-assets')).rejects.toMatchObject({
      status: 502,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(readApi('card-assets')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('re-throws aborts untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    mockFetch(abort);
    await expect(readApi('card-assets')).rejects.toBe(abort);
  });

  it('sends an upload as multipart with the upload header, without a JSON content type', async () => {
    const fetchMock = mockFetch(json(200, { ok: true, id: 'f1' }));
    const form = new FormData();
    form.set('type', 'document');
    await uploadApi('apply-kyc-upload', form);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/apply-kyc-upload');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    expect(init?.headers).toMatchObject({ 'x-requested-with': 'waj' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('posts an empty object for a call without a body', async () => {
    const fetchMock = mockFetch(json(200, { ok: true }));
    await callApi('apply-signout');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('reads a GET call, its path parameter encoded after the name', async () => {
    const fetchMock = mockFetch(json(200, { ok: true, key: 'invite_mode', value: true }));
    await expect(readApi('site-settings', { param: 'invite mode' })).resolves.toMatchObject({
      value: true,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/site-settings/invite%20mode');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it('downloads a file by GET with its parameter, or by POST with a body', async () => {
    const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) => new Response('a,b'));
    vi.stubGlobal('fetch', fetchMock);
    const file = await downloadApi('admin-kyc-file', { param: 'f/1' });
    await expect(file.text()).resolves.toBe('a,b');
    await downloadApi('admin-audit-export', { body: { member: 'm1' } });
    const [fileUrl, fileInit] = fetchMock.mock.calls[0]!;
    const [exportUrl, exportInit] = fetchMock.mock.calls[1]!;
    expect(fileUrl).toBe('/api/admin-kyc-file/f%2F1');
    expect(fileInit).toMatchObject({ method: 'GET', body: undefined });
    expect(exportUrl).toBe('/api/admin-audit-export');
    expect(exportInit).toMatchObject({ method: 'POST', body: JSON.stringify({ member: 'm1' }) });
  });
});
