import type { ContactRow } from '#shared/schemas/admin-lists.ts';
import { EmailText } from './email-text.tsx';
import { ExpandableText } from './expandable-text.tsx';
import { InboxTab, type InboxConfig } from './inbox-tab.tsx';

/** SPEC §2 'Contact': Date, Name, Email, Message, Status, Actions. */
const CONTACT_INBOX: InboxConfig<ContactRow> = {
  table: 'contact_messages',
  title: 'Contact messages',
  loadError: 'Failed to load contact data',
  empty: 'No contact messages found',
  noun: { one: 'message', many: 'messages' },
  nameOf: (row) => row.name,
  columns: [
    {
      header: 'Name',
      cell: (row) => row.name,
      className: 'min-w-32 font-medium [overflow-wrap:anywhere]',
    },
    { header: 'Email', cell: (row) => <EmailText email={row.email} />, className: 'min-w-40' },
    {
      header: 'Message',
      cell: (row) => <ExpandableText text={row.message} label={`${row.name}'s message`} />,
      className: 'min-w-52',
    },
  ],
};

export default function ContactTab() {
  return <InboxTab config={CONTACT_INBOX} />;
}
