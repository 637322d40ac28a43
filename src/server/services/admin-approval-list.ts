import { sql, type SQL } from 'drizzle-orm';
import type { ApprovalKind, ApprovalRow, TApprovalListRequest } from '#shared/schemas/casework.ts';
import type { ListTotal } from '#shared/schemas/admin-lists.ts';
import { SCREENING_LIST_LABELS } from '#shared/schemas/screening.ts';
import { dueAt, type ServiceLevels } from '#shared/service-levels.ts';
import { isTier, TIER_INFO } from '#shared/tiers.ts';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Every four-eyes request waiting for a second member (CONTRACT §9), one row each: `id` is the
 * request's own row (the pending offer, the decline or erasure request, the alert whose
 * clearance was asked). `requested_by` is the asking member's id.
 */
export const PENDING_APPROVALS: Record<ApprovalKind, SQL> = {
  pep_offer: sql`select o.id, 'pep_offer' as kind, o.application_id, o.issued_by as requested_by,
      o.issued_at as requested_at, o.pricing_note as reason, json_build_array(o.tier)::text
    from offers o where o.approval_status = 'pending_approval'`,
  decline: sql`select d.id, 'decline', d.application_id, d.requested_by::text, d.requested_at,
      d.reason, null from decline_requests d where d.status = 'pending'`,
  screening_clear: sql`select s.id, 'screening_clear', s.application_id,
      s.clear_requested_by::text, s.clear_requested_at, s.clear_reason,
      json_build_array(s.entry ->> 'name', s.list, s.kind)::text
    from screening_alerts s where s.status = 'clear_requested'`,
  erasure: sql`select e.id, 'erasure', e.application_id, e.requested_by::text, e.requested_at,
      e.reason, null from erasure_requests e where e.status = 'pending'`,
};

type PendingRow = {
  id: string;
  kind: ApprovalKind;
  application_id: string;
  requested_by: string;
  requested_by_name: string | null;
  requested_at: Date | string;
  reason: string | null;
  detail: string | null;
  full_name: string | null;
  total: number;
};

/** The union of the kinds asked for, with the applicant and the requester by name. */
export function pendingApprovals(kinds: readonly ApprovalKind[]): SQL {
  const union = sql.join(
    kinds.map((kind) => PENDING_APPROVALS[kind]),
    sql` union all `,
  );
  return sql`select p.*, m.name as requested_by_name, a.full_name
    from (${union}) as p (id, kind, application_id, requested_by, requested_at, reason, detail)
    join applications a on a.id = p.application_id and a.erased_at is null
    left join staff_members m on m.id::text = p.requested_by`;
}

/**
 * What is asked, in staff's words: the tier offered ('Tier: Titan'), or the list entry and its
 * kind ('Listed Person (UN Consolidated List, sanctions)'). The union sends the parts as JSON.
 */
function detailOf(kind: ApprovalKind, parts: string | null): string | null {
  if (!parts) return null;
  const values = JSON.parse(parts) as string[];
  if (kind === 'pep_offer') {
    const tier = values[0] ?? '';
    return `Tier: ${isTier(tier) ? TIER_INFO[tier].name : tier}`;
  }
  if (kind === 'screening_clear') {
    const [name, list = '', listKind = ''] = values;
    const listName = Object.hasOwn(SCREENING_LIST_LABELS, list)
      ? SCREENING_LIST_LABELS[list as keyof typeof SCREENING_LIST_LABELS]
      : list;
    return `${name} (${listName}, ${listKind === 'pep' ? 'PEP' : listKind})`;
  }
  return null;
}

/** Erasure requests answer a data subject (a month); the rest are the approvals' own level. */
export function approvalDue(kind: ApprovalKind, requestedAt: Date, levels: ServiceLevels): string {
  return dueAt(requestedAt, kind === 'erasure' ? levels.erasure_request : levels.approval);
}

/** `admin-approval-list`: every pending request, oldest first, or one kind's. */
export async function adminApprovalList(options: {
  db: Db;
  input: Required<Pick<TApprovalListRequest, 'page' | 'page_size'>> & { kind?: ApprovalKind };
  levels: ServiceLevels;
}): Promise<{ data: ApprovalRow[] } & ListTotal> {
  const { input } = options;
  const kinds = input.kind ? [input.kind] : (Object.keys(PENDING_APPROVALS) as ApprovalKind[]);
  const rows = await queryRows<PendingRow>(
    options.db,
    sql`select *, count(*) over ()::int as total from (${pendingApprovals(kinds)}) q
      order by requested_at asc, id asc
      limit ${input.page_size} offset ${(input.page - 1) * input.page_size}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [count] = await queryRows<{ total: number }>(
      options.db,
      sql`select count(*)::int as total from (${pendingApprovals(kinds)}) q`,
    );
    total = count?.total ?? 0;
  }
  return {
    data: rows.map((row) => {
      const requestedAt = new Date(row.requested_at);
      return {
        id: row.id,
        kind: row.kind,
        basic_id: row.application_id,
        requested_by: row.requested_by,
        requested_by_name: row.requested_by_name ?? 'A former member',
        requested_at: requestedAt.toISOString(),
        due_at: approvalDue(row.kind, requestedAt, options.levels),
        full_name: row.full_name,
        reason: row.reason,
        detail: detailOf(row.kind, row.detail),
      };
    }),
    total,
  };
}
