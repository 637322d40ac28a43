/** SPEC §2: 'Showing X to Y of Z' for 1-based `page`. */
export function showingRange(page: number, pageSize: number, total: number) {
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
