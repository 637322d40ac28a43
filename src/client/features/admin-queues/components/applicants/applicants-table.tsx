import { ExternalLink, History, Loader2, Mail, Send, SlidersHorizontal } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DECISION_FILTER_OPTIONS,
  STAGE_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  type ApplicantRow,
} from '#shared/schemas/admin-lists.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#client/components/ui/tooltip.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import { applicantName } from '#client/lib/staff/applicant-name.ts';
import { cn } from '#client/utils/cn.ts';

/** The Actions column stays in view while the rest of the table scrolls sideways. */
const STICKY = 'sticky right-0 border-l border-border bg-background';
/** The header row's tint (muted at 60 % over the page), opaque so cells slide under it. */
const STICKY_HEAD = 'bg-[color-mix(in_oklab,var(--color-muted)_60%,var(--color-background))]';

/**
 * SPEC §2's columns but Last Event, which the case screen shows with the rest of the
 * screening: so the table fits 1280 px with nothing under the sticky Actions column.
 */
const COLUMNS = [
  'Name',
  'Email',
  'Invite Code',
  'Stage',
  'Veriff Status',
  'Decision',
  'PEP',
  'Sanctions',
  'Country',
  'Actions',
].map((header) => ({
  key: header,
  header,
  // Two-word headings may wrap, so a 1280 px screen has room for every column.
  className: header === 'Actions' ? cn(STICKY, STICKY_HEAD) : 'whitespace-normal',
}));

function labelOf(options: readonly { value: string; label: string }[], value: string | null) {
  if (value === null) return '—';
  return options.find((option) => option.value === value)?.label ?? value;
}

/** No screening result yet: unknown, never shown as a clear 'No'. */
function NotScreened() {
  return <span className="text-muted-foreground">Not screened</span>;
}

/**
 * A compliance officer's PEP: declared by the applicant, found by the provider's screening, or
 * both, and says which; 'No' only when not declared and screened clear.
 */
function pepLabel(row: Pick<ApplicantRow, 'pep_declared' | 'pep'>): string {
  const sources = [row.pep_declared && 'declared', row.pep && 'screened'].filter(Boolean);
  if (sources.length) return `Yes (${sources.join(', ')})`;
  return row.pep === false ? 'No' : 'Not screened';
}

function Pep({ row }: { row: Pick<ApplicantRow, 'pep_declared' | 'pep'> }) {
  const label = pepLabel(row);
  if (label === 'Not screened') return <NotScreened />;
  if (label === 'No') return <span>No</span>;
  // May wrap: 'Yes (declared, screened)' would widen the table.
  return (
    <Badge variant="destructive" className="whitespace-normal">
      {label}
    </Badge>
  );
}

/** A match compliance cleared as a false positive reads 'Cleared', not a red 'Yes'. */
function Sanctions({ row }: { row: Pick<ApplicantRow, 'sanctions' | 'sanctions_cleared'> }) {
  if (row.sanctions === null) return <NotScreened />;
  if (row.sanctions && row.sanctions_cleared) {
    return (
      <Badge variant="outline">
        <span aria-hidden="true">Cleared</span>
        <span className="sr-only">Sanctions match cleared</span>
      </Badge>
    );
  }
  return row.sanctions ? <Badge variant="destructive">Yes</Badge> : <span>No</span>;
}

type IconActionProps = {
  'data-timeline'?: boolean;
  /** The accessible name: the action and whose row it is. */
  label: string;
  /** What the tooltip says. */
  hint: string;
  onClick: () => void;
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
};

/** A compact row action; the tooltip names it for pointer users, aria-label for everyone. */
function IconAction({ label, hint, onClick, busy, disabled, children, ...data }: IconActionProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* aria-disabled, not disabled: the tooltip still explains a disabled action. */}
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          {...data}
          aria-label={label}
          aria-disabled={disabled || busy || undefined}
          aria-busy={busy || undefined}
          onClick={() => {
            if (!disabled && !busy) onClick();
          }}
        >
          {busy ? (
            <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <span aria-hidden="true" className="contents">
              {children}
            </span>
          )}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{busy ? 'Sending...' : hint}</TooltipContent>
    </Tooltip>
  );
}

type Props = {
  rows: ApplicantRow[];
  /** While the next page loads, the current one stays, dimmed. */
  stale: boolean;
  /** Each action is left out for a role that may not take it (CONTRACT §5). */
  onTimeline?: ((row: ApplicantRow) => void) | undefined;
  onOverrideTier?: ((row: ApplicantRow) => void) | undefined;
  onResendLink?: ((row: ApplicantRow) => void) | undefined;
  onInvite?: ((row: ApplicantRow) => void) | undefined;
  /** The row whose magic link is being sent. */
  resendingId: string | null;
};

/** SPEC §2's columns; the name opens the case screen, a click elsewhere on the row the timeline. */
export function ApplicantsTable({
  rows,
  stale,
  onTimeline,
  onOverrideTier,
  onResendLink,
  onInvite,
  resendingId,
}: Props) {
  // The action buttons sit inside the clickable row: their clicks are theirs alone.
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <DataTable
      label="Applicants"
      columns={COLUMNS}
      quietHeader
      busy={stale}
      className="transition-opacity"
    >
      {rows.map((row) => {
        const name = applicantName(row);
        return (
          <TableRow
            key={row.id}
            className={onTimeline ? 'cursor-pointer' : undefined}
            onClick={
              onTimeline
                ? (event) => {
                    // Focus the row's Timeline button first, so closing the sheet returns here.
                    event.currentTarget.querySelector<HTMLElement>('[data-timeline]')?.focus();
                    onTimeline(row);
                  }
                : undefined
            }
          >
            <TableCell className="min-w-32 font-medium">
              <Link
                to={`/admin/applicants/${encodeURIComponent(row.id)}`}
                onClick={stop}
                className="underline decoration-muted-foreground/50 underline-offset-4 hover:decoration-current"
              >
                {row.full_name ?? (
                  <>
                    Open case<span className="sr-only"> of {name}</span>
                  </>
                )}
              </Link>
            </TableCell>
            <TableCell className="max-w-44 truncate" title={row.email ?? undefined}>
              {row.email ?? '—'}
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">
              {row.invite_code ?? '—'}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <Badge
                variant="outline"
                // Declined ends the application: set apart quietly (dashed, muted), not in red.
                className={
                  row.stage === 'declined' ? 'border-dashed text-muted-foreground' : undefined
                }
              >
                {labelOf(STAGE_FILTER_OPTIONS, row.stage)}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {labelOf(STATUS_FILTER_OPTIONS, row.veriff_status)}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {labelOf(DECISION_FILTER_OPTIONS, row.veriff_decision)}
            </TableCell>
            <TableCell>
              <Pep row={row} />
            </TableCell>
            <TableCell>
              <Sanctions row={row} />
            </TableCell>
            <TableCell>{row.country ?? '—'}</TableCell>
            <TableCell onClick={stop} className={STICKY}>
              <div className="flex items-center gap-1">
                {onTimeline ? (
                  <IconAction
                    data-timeline
                    label={`Timeline for ${name}`}
                    hint="Timeline"
                    onClick={() => onTimeline(row)}
                  >
                    <History />
                  </IconAction>
                ) : null}
                {onOverrideTier ? (
                  <IconAction
                    label={`Override Tier for ${name}`}
                    hint="Override Tier"
                    onClick={() => onOverrideTier(row)}
                  >
                    <SlidersHorizontal />
                  </IconAction>
                ) : null}
                {onResendLink ? (
                  <IconAction
                    label={`Resend magic link to ${name}`}
                    hint={row.email ? 'Resend magic link' : 'No e-mail address'}
                    onClick={() => onResendLink(row)}
                    busy={resendingId === row.id}
                    disabled={!row.email}
                  >
                    <Mail />
                  </IconAction>
                ) : null}
                {onInvite && row.stage === 'basic' ? (
                  <IconAction
                    label={`Invite ${name}`}
                    hint="Invite"
                    onClick={() => onInvite(row)}
                    disabled={!row.email}
                  >
                    <Send />
                  </IconAction>
                ) : null}
                {row.console_url ? (
                  <Tooltip>
                    <TooltipTrigger asChild>
                      <a
                        href={row.console_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Veriff console for ${name} (opens in a new tab)`}
                        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8')}
                      >
                        <ExternalLink aria-hidden="true" />
                      </a>
                    </TooltipTrigger>
                    <TooltipContent>Veriff console</TooltipContent>
                  </Tooltip>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
