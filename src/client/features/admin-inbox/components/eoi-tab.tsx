import type { EoiRow } from '#shared/schemas/admin-lists.ts';
import { EmailText } from './email-text.tsx';
import { ExpandableText } from './expandable-text.tsx';
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
      header: 'Name',
      cell: (row) => row.full_name,
      className: 'min-w-32 font-medium [overflow-wrap:anywhere]',
    },
    { header: 'Email', cell: (row) => <EmailText email={row.email} />, className: 'min-w-40' },
    {
      header: 'Phone',
      cell: (row) => row.phone || <span className="text-muted-foreground">—</span>,
      className: 'whitespace-nowrap',
    },
    {
      header: 'Reason',
      cell: (row) => <ExpandableText text={row.reason} label={`${row.full_name}'s reason`} />,
      className: 'min-w-52',
    },
  ],
};

export default function EoiTab() {
  return <InboxTab config={EOI_INBOX} />;
}
