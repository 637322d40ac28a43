import { Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { InviteCodeRow } from '#shared/schemas/admin.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { useMayCall } from '#client/lib/staff/api/get-me.ts';
import { useInviteList } from '../../api/invites.ts';
import { PaginationBar } from '#client/components/staff/pagination-bar.tsx';
import { QueryView, TabEmpty, useLoadFailureToast } from '#client/components/staff/tab-state.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { InviteGenerateForm } from './invite-generate-form.tsx';
import { InviteModeSwitch } from './invite-mode-switch.tsx';

const LOAD_ERROR = 'Failed to fetch invite codes';
/** The list has every code; it is shown a page at a time, newest first. */
const PAGE_SIZE = 25;

function CodeTable({ codes, fresh }: { codes: InviteCodeRow[]; fresh: ReadonlySet<string> }) {
  return (
    <DataTable
      label="Invite codes"
      columns={['Code', 'Used', 'Issued to', 'Used by', 'Issued on', 'Used on']}
    >
      {codes.map((row) => (
        <TableRow key={row.id}>
          <TableCell className="whitespace-nowrap">
            <span className="font-mono text-[0.9375rem] tracking-wide">{row.code}</span>
            {fresh.has(row.code) ? (
              <Badge variant="gold" className="ml-2">
                New
              </Badge>
            ) : null}
          </TableCell>
          <TableCell>
            <Badge variant={row.used ? 'secondary' : 'outline'}>{row.used ? 'Yes' : 'No'}</Badge>
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {row.issued_to ?? <span className="text-muted-foreground">—</span>}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {row.used_by ?? <span className="text-muted-foreground">—</span>}
          </TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">
            <time dateTime={row.issued_at}>{formatStaffDateTime(row.issued_at)}</time>
          </TableCell>
          <TableCell className="whitespace-nowrap tabular-nums">
            {row.used_at ? (
              <time dateTime={row.used_at}>{formatStaffDateTime(row.used_at)}</time>
            ) : (
              <span className="text-muted-foreground">—</span>
            )}
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

/** The codes a page at a time (a page past the end shows the last). */
function CodePages({
  codes,
  fresh,
  page,
  onPageChange,
}: {
  codes: InviteCodeRow[];
  fresh: ReadonlySet<string>;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(codes.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <>
      <CodeTable
        codes={codes.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        fresh={fresh}
      />
      <PaginationBar
        page={current}
        pageSize={PAGE_SIZE}
        total={codes.length}
        onPageChange={onPageChange}
      />
    </>
  );
}

/** SPEC §2 'Invites': invite mode, generate a batch, the code list and copy unused codes. */
export default function InvitesTab() {
  const list = useInviteList();
  const mayToggle = useMayCall('admin-invite-toggle');
  const [page, setPage] = useState(1);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  useLoadFailureToast(list, 'admin-invite-list', LOAD_ERROR);

  const codes = list.data?.codes ?? [];
  const unused = codes.filter((row) => !row.used);

  const onGenerated = (generated: string[]) => {
    setFresh(new Set(generated));
    // The newest codes are listed first.
    setPage(1);
  };

  const onCopy = async () => {
    // SPEC §5: copying with none gives 'No unused codes to copy'.
    if (unused.length === 0) {
      toast.error('No unused codes to copy');
      return;
    }
    try {
      await navigator.clipboard.writeText(unused.map((row) => row.code).join('\n'));
      toast.success('Unused codes copied', {
        description: `${unused.length} code(s) copied to the clipboard`,
      });
    } catch (error) {
      console.error('Copying the codes failed', error);
      toast.error('Failed to copy codes');
    }
  };

  return (
    <div className="grid gap-6">
      {/* Invite mode changes the whole public site: owners only (CONTRACT §5). */}
      {mayToggle ? (
        <div className="max-w-xl">
          <InviteModeSwitch />
        </div>
      ) : null}
      <InviteGenerateForm onGenerated={onGenerated} />
      <ListSection
        id="invite-codes-title"
        title="Invite codes"
        description={list.data ? `${codes.length} code(s), ${unused.length} unused` : null}
        actions={
          <Button variant="outline" onClick={() => void onCopy()} disabled={!list.data}>
            <Copy aria-hidden="true" />
            Copy unused codes
          </Button>
        }
      >
        <QueryView
          query={list}
          loadError={LOAD_ERROR}
          isEmpty={() => codes.length === 0}
          empty={<TabEmpty title="No invite codes yet">Generated codes will appear here.</TabEmpty>}
        >
          {() => <CodePages codes={codes} fresh={fresh} page={page} onPageChange={setPage} />}
        </QueryView>
      </ListSection>
    </div>
  );
}
