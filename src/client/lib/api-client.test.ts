import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  apiRequest,
  GENERIC_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
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
    await expect(api.post('/apply-basic', { email: 'a@b.co' })).resolves.toEqual({
      ok: true,
      basic_id: 'b1',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/apply-basic',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: JSON.stringify({ email: 'a@b.co' }),
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
    const error = await api.post('/apply-basic', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      details: { email: 'Please enter a valid email address' },
    });
  });

  it('treats ok: false on a 2xx as a failure', async () => {
    mockFetch(json(200, { ok: false, error: 'Invalid credentials' }));
    await expect(api.post('/admin-auth', {})).rejects.toMatchObject({
      status: 200,
      message: 'Invalid credentials',
    });
  });

  it('uses a generic message when the body is not the contract shape', async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/card-assets')).rejects.toMatchObject({
      status: 502,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/card-assets')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('re-throws aborts untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    mockFetch(abort);
    await expect(apiRequest('/card-assets')).rejects.toBe(abort);
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    const fetchMock = mockFetch(json(200, { ok: true, id: 'f1' }));
    const form = new FormData();
    form.set('type', 'document');
    await api.post('/apply-kyc-upload', form);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });
});
