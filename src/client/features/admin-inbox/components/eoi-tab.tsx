import type { EoiRow } from '#shared/schemas/admin-lists.ts';
import { InboxTab, type InboxConfig } from './inbox-tab.tsx';

/** SPEC §2 'EOI': Date, Name, Email, Phone (dash if none), Reason, Status, Actions. */
const EOI_INBOX: InboxConfig<EoiRow> = {
  table: 'eoi_requests',
  title: 'EOI requests',
  loadError: 'Failed to load EOI data',
  empty: 'No EOI requests found',
  noun: { one: 'EOI request', many: 'EOI requests' },
  nameOf: (row) => row.full_name,
  columns: [
    {
      header: 'Phone',
      cell: (row) => row.phone || <span className="text-muted-foreground">—</span>,
      className: 'whitespace-nowrap',
    },
    { header: 'Reason', text: (row) => row.reason },
  ],
};

export default function EoiTab() {
  return <InboxTab config={EOI_INBOX} />;
}
