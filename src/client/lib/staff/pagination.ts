/**
 * SPEC §2: 'Showing X to Y of Z' for 1-based `page`. A capped total (a search counted up to its
 * cap) is a lower bound: pages past it are real, so the page is not clamped to it.
 */
export function showingRange(page: number, pageSize: number, total: number, capped = false) {
  if (capped) {
    const current = Math.max(1, page);
    return {
      from: (current - 1) * pageSize + 1,
      to: current * pageSize,
      total,
      pages: Math.max(current, Math.ceil(total / pageSize)),
    };
  }
  if (total === 0) return { from: 0, to: 0, total, pages: 1 };
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return {
    from: (current - 1) * pageSize + 1,
    to: Math.min(current * pageSize, total),
    total,
    pages,
  };
}
