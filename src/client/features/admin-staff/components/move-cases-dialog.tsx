import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { DirectoryMember } from '#shared/schemas/casework.ts';
import { STAFF_ROLE_LABELS } from '#shared/staff.ts';
import { Label } from '#client/components/ui/label.tsx';
import { Select, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import {
  DialogFrame,
  FormDialogButtons,
  useKept,
  useOpening,
} from '#client/components/staff/dialog-frame.tsx';
import { OptionList } from '#client/components/staff/list-filters.tsx';
import {
  assignableMembers,
  assignedText,
  casesCount,
  useAssignBulk,
} from '#client/lib/staff/api/assign-bulk.ts';
import { failureShown } from '#client/lib/react-query.ts';

/** The select's value for 'nobody' (Radix items never have an empty value). */
const UNASSIGNED = 'unassigned';

/** Whose cases are moved: a member and how many open cases they hold. */
export type CaseHolder = Pick<DirectoryMember, 'id' | 'name' | 'open_cases'>;

type MoveCasesDialogProps = {
  /** Null closes the dialog (it keeps showing the last member while it animates out). */
  holder: CaseHolder | null;
  /** The directory: who may take the cases over. */
  members: readonly DirectoryMember[];
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A disabled member's open cases, moved in one step to another member who works cases, or left
 * unassigned for anyone to take (`admin-case-assign-bulk {from_staff_id, staff_id}`). The
 * dialog stays open and busy until the server answers; a failure is toasted and it stays open.
 */
export function MoveCasesDialog({
  holder,
  members,
  onClose,
  onCloseAutoFocus,
}: MoveCasesDialogProps) {
  const id = useId();
  const shown = useKept(holder);
  const open = holder !== null;
  const move = useAssignBulk();
  const [choice, setChoice] = useState({ opening: 0, to: '' });
  // Each opening starts with no choice made.
  const opening = useOpening(open);
  const to = choice.opening === opening ? choice.to : '';
  const n = shown?.open_cases ?? 0;
  const them = n === 1 ? 'it' : 'them';
  const options = [
    ...assignableMembers(members, shown?.id).map((member) => ({
      value: member.id,
      label: `${member.name} (${STAFF_ROLE_LABELS[member.role]})`,
    })),
    { value: UNASSIGNED, label: 'Leave unassigned' },
  ];

  const onSubmit = () => {
    if (!shown || !to || move.isPending) return;
    const staffId = to === UNASSIGNED ? null : to;
    const name = members.find((member) => member.id === staffId)?.name ?? null;
    move.mutateAsync({ from_staff_id: shown.id, staff_id: staffId }).then((result) => {
      toast.success(assignedText(result.assigned, name, 'moved'), {
        description: `From ${shown.name}`,
      });
      onClose();
    }, failureShown);
  };

  return (
    <DialogFrame
      open={open}
      // Closing mid-request would hide the answer.
      onOpenChange={(next) => !next && !move.isPending && onClose()}
      title={`Move ${shown?.name ?? 'their'}'s open cases`}
      description={`${casesCount(n)} ${n === 1 ? 'is' : 'are'} assigned to ${shown?.name ?? 'them'}. Choose who takes ${them} over, or leave ${them} unassigned for anyone to take.`}
      descriptionClassName="wrap-anywhere"
      onCloseAutoFocus={onCloseAutoFocus}
      wrap={(content) => (
        <form
          className="grid min-w-0 gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {content}
        </form>
      )}
      footer={
        <FormDialogButtons
          busy={move.isPending}
          onCancel={onClose}
          idle="Move cases"
          working="Moving..."
          disabled={!to}
        />
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-to`}>Move to</Label>
        <Select
          value={to}
          onValueChange={(value) => setChoice({ opening, to: value })}
          disabled={move.isPending}
        >
          <SelectTrigger id={`${id}-to`}>
            <SelectValue placeholder="Choose a member" />
          </SelectTrigger>
          <OptionList options={options} />
        </Select>
      </div>
    </DialogFrame>
  );
}
