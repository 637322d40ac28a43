import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createMutationCache } from '#client/lib/react-query.ts';

/**
 * Component tests' tools: a fresh QueryClient that never refetches what a test put in it, a
 * render inside it (and a router, for links), and the API stubbed at `fetch` answering the
 * contract's JSON bodies. No JSX here: tsconfig.server.json and tsconfig.e2e.json skip this file
 * and tsconfig.client.json checks it.
 */

/**
 * No retries, nothing stale, nothing collected on a timer: what a test put in stays there. The
 * app's own mutation cache, so a staff action's failure is toasted as in the panel.
 */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

type RenderOptions = { client?: QueryClient; route?: string };

/** Renders `ui` with a query client and a router; `user` types and clicks as a person would. */
export function renderWithClient(ui: ReactElement, options: RenderOptions = {}) {
  const client = options.client ?? testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(
      QueryClientProvider,
      { client },
      createElement(MemoryRouter, { initialEntries: [options.route ?? '/'] }, children),
    );
  const user = userEvent.setup();
  return { user, client, ...render(ui, { wrapper }) };
}

/** A reply: the HTTP status (200 unless given) and the JSON body. */
export type StubReply = { status?: number; body: unknown };
type Handler = (body: unknown) => StubReply | Promise<StubReply>;

/** `{ ok: false, error }` with a status, as the server refuses. */
export const refusal = (status: number, error: string, details?: Record<string, string>) => ({
  status,
  body: { ok: false, error, ...(details ? { details } : {}) },
});

/**
 * Stubs `fetch` for the API: `routes` maps a path under /api ('/admin-me') to its reply. A call
 * to any other path answers 404, and `calls` records every call's path and JSON body.
 * The project's `unstubGlobals` puts the real fetch back after each test.
 */
export function stubApi(routes: Record<string, Handler>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ path, body });
    const handler = routes[path];
    const reply = handler
      ? await handler(body)
      : refusal(404, `No stubbed reply for ${path} in this test`);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls, pathsCalled: () => calls.map((call) => call.path) };
}

/** A reply the test releases when it wants, to look at a busy state in between. */
export function deferredReply() {
  let release!: (reply: StubReply) => void;
  const reply = new Promise<StubReply>((resolve) => {
    release = resolve;
  });
  return { handler: () => reply, release };
}

/**
 * For a test that expects the component to log an error (fail-on-console.ts fails any other):
 * the returned spy records console.error's calls instead, for the test to check all of them.
 */
export function expectConsoleErrors() {
  return vi.mocked(console.error).mockImplementation(() => {});
}
