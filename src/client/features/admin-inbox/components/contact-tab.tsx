import type { ContactRow } from '#shared/schemas/admin-lists.ts';
import { InboxTab, type InboxConfig } from './inbox-tab.tsx';

/** SPEC §2 'Contact': Date, Name, Email, Message, Status, Actions. */
const CONTACT_INBOX: InboxConfig<ContactRow> = {
  table: 'contact_messages',
  title: 'Contact messages',
  loadError: 'Failed to load contact data',
  empty: 'No contact messages found',
  noun: { one: 'message', many: 'messages' },
  nameOf: (row) => row.name,
  columns: [{ header: 'Message', text: (row) => row.message }],
};

export default function ContactTab() {
  return <InboxTab config={CONTACT_INBOX} />;
}
