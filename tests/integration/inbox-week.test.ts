import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, eoiRequests } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * "New this week" on both inboxes: every arrival since exactly seven days ago. Whole days come
 * from the arrivals by day and the cut's own day from the rows (decision 069); a row either
 * side of each of those edges must land on the right side of the count.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0' });
  token = await t.staffToken();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function newThisWeek(
  call: 'admin-eoi-list' | 'admin-contact-list',
  filter: { status?: string; query?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload: { page: 1, pageSize: 10, ...filter },
    headers: { 'x-admin-pass': token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { metrics: { newThisWeek: number } }).metrics.newThisWeek;
}

/** Arrival times around the edges of the week, and whether each is in it. */
function arrivals(): { at: Date; inWeek: boolean }[] {
  const cut = Date.now() - 7 * DAY;
  const cutDay = Math.floor(cut / DAY) * DAY; // the UTC midnight starting the cut's day
  return [
    { at: new Date(cut - MINUTE), inWeek: false },
    { at: new Date(cutDay), inWeek: false },
    { at: new Date(cut - 8 * DAY), inWeek: false },
    { at: new Date(cut + MINUTE), inWeek: true },
    { at: new Date(cutDay + DAY - 1), inWeek: true },
    { at: new Date(cutDay + DAY), inWeek: true },
    { at: new Date(Date.now() - 3 * DAY), inWeek: true },
    { at: new Date(Date.now() - MINUTE), inWeek: true },
  ];
}

describe('New this week', () => {
  it('counts the EOI requests since seven days ago to the minute, whatever their status', async () => {
    const times = arrivals();
    const rows = await t.ctx.db
      .insert(eoiRequests)
      .values(
        times.map(({ at }, i) => ({
          fullName: `Week ${i}`,
          email: `week${i}@example.com`,
          status: i % 2 ? ('reviewed' as const) : ('new' as const),
          createdAt: at,
        })),
      )
      .returning({ id: eoiRequests.id });
    const inWeek = times.filter((time) => time.inWeek).length;
    expect(await newThisWeek('admin-eoi-list')).toBe(inWeek);
    // The metric describes the whole inbox, whatever the filter or search.
    expect(await newThisWeek('admin-eoi-list', { status: 'reviewed' })).toBe(inWeek);
    expect(await newThisWeek('admin-eoi-list', { query: 'Week 1' })).toBe(inWeek);

    // Archiving changes nothing; requests deleted leave the count (one from the cut's day, one
    // from a whole day).
    await t.ctx.db.update(eoiRequests).set({ status: 'archived' });
    expect(await newThisWeek('admin-eoi-list')).toBe(inWeek);
    await t.ctx.db.delete(eoiRequests).where(inArray(eoiRequests.id, [rows[4]!.id, rows[6]!.id]));
    expect(await newThisWeek('admin-eoi-list')).toBe(inWeek - 2);
  });

  it('counts the contact messages the same way', async () => {
    const times = arrivals();
    await t.ctx.db.insert(contactMessages).values(
      times.map(({ at }, i) => ({
        name: `Week ${i}`,
        email: `week${i}@example.com`,
        message: 'Hello',
        createdAt: at,
      })),
    );
    expect(await newThisWeek('admin-contact-list')).toBe(
      times.filter((time) => time.inWeek).length,
    );
  });
});
