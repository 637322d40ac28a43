import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import QueryArea from './query-area.tsx';

afterEach(() => {
  vi.useRealTimers();
});

let renders = 0;

/** A server render of a private page: the area's provider around a page that reads a query. */
function renderOnServer(): QueryClient {
  const key = ['apply', 'status', ++renders];
  let seen: QueryClient | undefined;
  function Page() {
    seen = useQueryClient();
    useQuery({ queryKey: key, queryFn: () => 'never on the server' });
    return null;
  }
  renderToString(createElement(QueryArea, null, createElement(Page)));
  return seen!;
}

describe('the private areas’ query cache, drawn on the server', () => {
  it('is a cache of its own for each render, never shared between visitors', () => {
    const first = renderOnServer();
    const second = renderOnServer();
    expect(first).not.toBe(second);
    expect(first.getQueryCache().getAll()).toHaveLength(1);
    expect(second.getQueryCache().getAll()).toHaveLength(1);
  });

  it('leaves no timer behind, so a server that drew /apply can still exit on its own', () => {
    vi.useFakeTimers();
    renderOnServer();
    expect(vi.getTimerCount()).toBe(0);
  });
});
