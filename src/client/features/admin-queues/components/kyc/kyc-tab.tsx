import { Eye, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { KycListFile } from '#shared/schemas/admin.ts';
import type { KycFileType } from '#shared/stages.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { useKycFiles } from '#client/lib/staff/api/kyc.ts';
import { PagedList } from '#client/components/staff/pagination-bar.tsx';
import {
  AssigneeLabel,
  OpenCaseLink,
  OVERDUE_EDGE,
  QueueSection,
  useQueueParams,
  WaitingLabel,
} from '#client/components/staff/queue-controls.tsx';
import { isBreached } from '#shared/service-levels.ts';
import { cn } from '#client/utils/cn.ts';
import {
  BulkAssignBar,
  SelectCaseBox,
  useBulkSelection,
  useMayAssignBulk,
} from '../bulk-assign.tsx';
import { TabEmpty } from '#client/components/staff/tab-state.tsx';
import {
  applicantNameOf,
  groupByApplicant,
  KYC_TYPE_LABELS,
  UNKNOWN_APPLICANT,
  type KycApplicantGroup,
  type KycSanctions,
} from '#client/components/staff/kyc/kyc-format.ts';
import { useReturnFocus } from '#client/lib/staff/use-return-focus.ts';
import { KycPreviewDialog } from './kyc-preview-dialog.tsx';
import { KycStatusBadge } from '#client/components/staff/kyc/kyc-status-badge.tsx';
import { formatStaffDate, formatStaffDateTime } from '#client/lib/staff/format-date.ts';

const LOAD_FAILED = 'Failed to load KYC files';
/** Two files an applicant: a page of the submissions shows about 25 applicants. */
const SUBMISSIONS_PAGE_SIZE = 50;

/** SPEC §2 'KYC review': the pending queue, then every applicant's two files. */
export default function KycTab() {
  // The file stays after closing, so the dialog can animate out with its content.
  const [preview, setPreview] = useState<{ file: KycListFile | null; open: boolean }>({
    file: null,
    open: false,
  });
  const focus = useReturnFocus();
  const onPreview = (file: KycListFile) => {
    focus.remember();
    setPreview({ file, open: true });
  };
  return (
    <div className="grid gap-10">
      <PendingList onPreview={onPreview} />
      <ApplicantFiles onPreview={onPreview} />
      <KycPreviewDialog
        file={preview.file}
        open={preview.open}
        onClose={() => setPreview((current) => ({ ...current, open: false }))}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}

type PreviewProps = { onPreview: (file: KycListFile) => void };

function PreviewButton({ file, onPreview }: { file: KycListFile } & PreviewProps) {
  return (
    <Button variant="outline" size="sm" onClick={() => onPreview(file)}>
      <Eye aria-hidden="true" />
      Preview
      <span className="sr-only">
        {' '}
        {KYC_TYPE_LABELS[file.type]} of {applicantNameOf(file)}
      </span>
    </Button>
  );
}

/**
 * The queue of files waiting for a decision, across applicants, the one waiting longest first,
 * one page at a time; the heading counts them all.
 */
function PendingList({ onPreview }: PreviewProps) {
  const queue = useQueueParams();
  const pending = useKycFiles({ ...queue.params, status: 'pending' });
  const mayAssign = useMayAssignBulk();
  const pageIds = useMemo(
    () => pending.data?.data.map((file) => file.basic_id) ?? [],
    [pending.data],
  );
  const selection = useBulkSelection(pageIds);
  const columns = ['Applicant', 'File', 'Waiting', 'Actions'];
  return (
    <QueueSection
      headingId="kyc-pending-heading"
      title="Pending review"
      level="identity_review"
      searchLabel="Search pending files"
      queue={queue}
      list={pending}
      loadingLabel="Loading KYC files..."
      loadError={LOAD_FAILED}
      empty={
        <TabEmpty
          title={queue.filtered ? 'No pending files found' : 'No files waiting for review'}
        />
      }
    >
      {(data) => (
        <>
          {mayAssign ? <BulkAssignBar selection={selection} /> : null}
          <DataTable
            label="Pending KYC files"
            columns={
              mayAssign
                ? [
                    {
                      key: 'select',
                      header: <span className="sr-only">Select</span>,
                      className: 'w-10',
                    },
                    ...columns,
                  ]
                : columns
            }
            quietHeader
            bodyClassName={pending.isPlaceholderData ? 'opacity-60' : undefined}
          >
            {data.data.map((file) => {
              const name = applicantNameOf(file);
              // The first cell carries the overdue edge (a row's own border does not draw).
              const edge = isBreached(file.due_at) ? OVERDUE_EDGE : undefined;
              return (
                <TableRow key={file.id}>
                  {mayAssign ? (
                    <TableCell className={cn('w-10', edge)}>
                      <SelectCaseBox
                        selection={selection}
                        basicId={file.basic_id}
                        label={`Select ${name}, ${KYC_TYPE_LABELS[file.type]}`}
                        className="align-middle"
                      />
                    </TableCell>
                  ) : null}
                  <TableCell className={cn('min-w-40 whitespace-normal', !mayAssign && edge)}>
                    <span className="block font-medium break-words">{name}</span>
                    <span className="block text-xs break-all text-muted-foreground">
                      {file.application.email ?? '—'}
                    </span>
                    {file.assignee ? (
                      <span className="mt-1 block text-xs">
                        <AssigneeLabel assignee={file.assignee} />
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{KYC_TYPE_LABELS[file.type]}</TableCell>
                  <TableCell className="min-w-32 whitespace-normal">
                    <WaitingLabel since={file.waiting_since} dueAt={file.due_at} />
                    <span className="block text-xs text-muted-foreground">
                      Uploaded {formatStaffDateTime(file.uploaded_at)}
                    </span>
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                      <PreviewButton file={file} onPreview={onPreview} />
                      <OpenCaseLink basicId={file.basic_id} name={name} />
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
          </DataTable>
        </>
      )}
    </QueueSection>
  );
}

/** Every applicant's two files, a page of files at a time (oldest upload first). */
function ApplicantFiles({ onPreview }: PreviewProps) {
  const [page, setPage] = useState(1);
  const all = useKycFiles({ page, page_size: SUBMISSIONS_PAGE_SIZE });
  const groups = useMemo(() => (all.data ? groupByApplicant(all.data.data) : []), [all.data]);
  return (
    <section aria-labelledby="kyc-applicants-heading" className="grid gap-4">
      <h2 id="kyc-applicants-heading" className="font-serif text-2xl">
        Submissions by applicant
      </h2>
      <PagedList
        query={all}
        pageSize={SUBMISSIONS_PAGE_SIZE}
        onPageChange={setPage}
        loadingLabel="Loading KYC files..."
        loadError={LOAD_FAILED}
        empty={<TabEmpty title="No KYC submissions yet" />}
        noBarWhenEmpty
      >
        {() => (
          <ul className="grid gap-4 xl:grid-cols-2">
            {groups.map((group) => (
              <li key={group.basicId}>
                <ApplicantCard group={group} onPreview={onPreview} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}

function ApplicantCard({ group, onPreview }: { group: KycApplicantGroup } & PreviewProps) {
  const name = group.fullName ?? UNKNOWN_APPLICANT;
  return (
    <Card className="h-full gap-4" aria-label={`KYC files of ${name}`} role="group">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="min-w-0 text-lg break-words">{name}</CardTitle>
          <SanctionsBadge sanctions={group.sanctions} />
        </div>
        <p className="text-sm break-all text-muted-foreground">{group.email ?? '—'}</p>
        <p className="text-sm text-muted-foreground">
          Applied on {formatStaffDate(group.appliedAt)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        {(['document', 'selfie'] as const satisfies readonly KycFileType[]).map((type) => (
          <FileCard key={type} type={type} file={group[type]} onPreview={onPreview} />
        ))}
      </CardContent>
    </Card>
  );
}

/** Screening found a sanctions match: staff see it before approving files (CONTRACT §5). */
function SanctionsBadge({ sanctions }: { sanctions: KycSanctions }) {
  if (sanctions === 'match') {
    return (
      <Badge variant="destructive">
        <ShieldAlert aria-hidden="true" />
        Sanctions match
      </Badge>
    );
  }
  if (sanctions === 'cleared') {
    return (
      <Badge variant="outline">
        <ShieldCheck aria-hidden="true" />
        Sanctions match cleared
      </Badge>
    );
  }
  return null;
}

function FileCard({
  type,
  file,
  onPreview,
}: { type: KycFileType; file: KycListFile | null } & PreviewProps) {
  const headingId = useId();
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="grid content-start gap-2 rounded-md border border-border p-4"
    >
      <h3 id={headingId} className="text-sm font-medium">
        {KYC_TYPE_LABELS[type]}
      </h3>
      {file ? (
        <>
          <KycStatusBadge status={file.status} />
          <p className="text-xs text-muted-foreground">{formatStaffDateTime(file.uploaded_at)}</p>
          <div>
            <PreviewButton file={file} onPreview={onPreview} />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Not uploaded</p>
      )}
    </div>
  );
}
