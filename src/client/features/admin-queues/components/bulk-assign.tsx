import { UserRoundCheck } from 'lucide-react';
import { useId, useMemo, useRef, useState, type ComponentProps } from 'react';
import { toast } from 'sonner';
import { BULK_ASSIGN_MAX } from '#shared/schemas/casework.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { OptionList } from '#client/components/staff/list-filters.tsx';
import {
  assignableMembers,
  assignedText,
  useAssignBulk,
  useStaffDirectory,
} from '#client/lib/staff/api/assign-bulk.ts';
import { useMayCall } from '#client/lib/staff/api/get-me.ts';
import { failureShown } from '#client/lib/react-query.ts';
import { cn } from '#client/utils/cn.ts';

/** The select's value for 'nobody' (Radix items never have an empty value). */
const UNASSIGN = 'unassign';

export type BulkSelection = ReturnType<typeof useBulkSelection>;

/**
 * Which cases of the page on screen are ticked, by application id (a KYC applicant with two
 * pending files is one case). Only the page on screen counts: a new page, filter or refetch
 * drops whatever is no longer on it, so a hidden case is never assigned by mistake.
 */
export function useBulkSelection(pageIds: readonly string[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const ids = useMemo(() => [...new Set(pageIds)], [pageIds]);
  const selected = useMemo(() => ids.filter((id) => ticked.has(id)), [ids, ticked]);
  const all = ids.length > 0 && selected.length === ids.length;
  return {
    ids,
    selected,
    /** The 'Select all on this page' box: ticked, part-ticked or clear. */
    allState: all ? true : selected.length > 0 ? ('indeterminate' as const) : false,
    isSelected: (id: string) => ticked.has(id),
    toggle: (id: string, on: boolean) =>
      setTicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on: boolean) => setTicked(new Set(on ? ids : [])),
    clear: () => setTicked(new Set()),
  };
}

/** Whether the member may assign in bulk (owner, compliance): the boxes show only then. */
export function useMayAssignBulk(): boolean {
  return useMayCall('admin-case-assign-bulk');
}

/**
 * A box that shows 'some ticked' as a dash, not a tick (the inbox's SelectionCheckbox does the
 * same; features do not import each other).
 */
function SelectBox({ className, ...props }: ComponentProps<typeof Checkbox>) {
  return (
    <Checkbox
      className={cn(
        'relative inline-flex items-center justify-center align-middle',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        'data-[state=indeterminate]:[&_svg]:hidden',
        "data-[state=indeterminate]:after:h-0.5 data-[state=indeterminate]:after:w-2.5 data-[state=indeterminate]:after:rounded-full data-[state=indeterminate]:after:bg-current data-[state=indeterminate]:after:content-['']",
        className,
      )}
      {...props}
    />
  );
}

/** A row's or card's box, named after the applicant ('Select Amelia Hart'). */
export function SelectCaseBox({
  selection,
  basicId,
  label,
  className,
}: {
  selection: BulkSelection;
  basicId: string;
  label: string;
  className?: string;
}) {
  return (
    <SelectBox
      aria-label={label}
      checked={selection.isSelected(basicId)}
      onCheckedChange={(checked) => selection.toggle(basicId, checked === true)}
      className={className}
    />
  );
}

/**
 * Over a queue's page: 'Select all on this page', and once any case is ticked, how many, whom
 * to give them to (an active member who works cases, or nobody) and Assign. From small tablets
 * up it stays at the top of the screen while the page scrolls. After the assignment the ticks clear, focus returns to
 * 'Select all' and every list is read again.
 */
export function BulkAssignBar({ selection }: { selection: BulkSelection }) {
  const id = useId();
  const directory = useStaffDirectory();
  const assign = useAssignBulk();
  const [to, setTo] = useState('');
  const allBox = useRef<HTMLButtonElement>(null);
  const count = selection.selected.length;
  const members = useMemo(() => assignableMembers(directory.data?.members ?? []), [directory.data]);
  const options = [
    ...members.map((member) => ({
      value: member.id,
      label: `${member.name} (${STAFF_ROLE_LABELS[member.role]})`,
    })),
    { value: UNASSIGN, label: 'Unassign' },
  ];
  const tooMany = count > BULK_ASSIGN_MAX;

  const onAssign = () => {
    if (!to || count === 0 || tooMany || assign.isPending) return;
    const staffId = to === UNASSIGN ? null : to;
    const name = members.find((member) => member.id === staffId)?.name ?? null;
    assign.mutateAsync({ basic_ids: selection.selected, staff_id: staffId }).then((result) => {
      const missed = result.not_found.length;
      toast.success(assignedText(result.assigned, name), {
        description: missed
          ? `${missed} could not be found: they may have been erased meanwhile.`
          : undefined,
      });
      selection.clear();
      allBox.current?.focus();
    }, failureShown);
  };

  return (
    <div
      role="group"
      aria-label="Assign cases"
      className={cn(
        // Kept in view while the page scrolls, where the screen is tall enough to spare it.
        'z-10 flex min-h-14 sm:sticky sm:top-0 flex-wrap items-center gap-x-4 gap-y-3 rounded-md border border-border bg-card px-3 py-2',
        count > 0 && 'border-gold-soft/60 shadow-sm',
      )}
    >
      <div className="flex items-center gap-2">
        <SelectBox
          ref={allBox}
          id={`${id}-all`}
          checked={selection.allState}
          onCheckedChange={(checked) => selection.setAll(checked === true)}
          disabled={selection.ids.length === 0}
        />
        <Label htmlFor={`${id}-all`} className="cursor-pointer leading-snug">
          Select all on this page
        </Label>
      </div>
      <p aria-live="polite" className="text-sm font-medium">
        {count > 0 ? `${count} selected` : ''}
      </p>
      {count > 0 ? (
        <div className="flex w-full flex-wrap items-end gap-2 sm:w-auto sm:items-center">
          <Label htmlFor={`${id}-to`} className="w-full sm:w-auto">
            Assign to
          </Label>
          <Select value={to} onValueChange={setTo} disabled={assign.isPending}>
            <SelectTrigger id={`${id}-to`} className="h-9 w-full min-w-0 sm:w-64">
              <SelectValue
                placeholder={directory.isPending ? 'Loading members...' : 'Choose a member'}
              />
            </SelectTrigger>
            <OptionList options={options} />
          </Select>
          <Button
            size="sm"
            onClick={onAssign}
            disabled={!to || tooMany || assign.isPending}
            aria-describedby={tooMany ? `${id}-max` : undefined}
          >
            <BusyLabel
              busy={assign.isPending}
              idle={
                <>
                  <UserRoundCheck aria-hidden="true" />
                  Assign
                </>
              }
              working="Assigning..."
            />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              selection.clear();
              allBox.current?.focus();
            }}
            disabled={assign.isPending}
          >
            Clear selection
          </Button>
          {tooMany ? (
            <p id={`${id}-max`} className="w-full text-sm text-destructive-text">
              Please choose at most {BULK_ASSIGN_MAX} cases at a time.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
