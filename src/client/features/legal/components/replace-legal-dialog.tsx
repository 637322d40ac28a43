import { ActionDialog } from '#client/components/action-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';

/** /update-legal's confirmation before the stored documents are replaced (update-legal-panel). */
export function ReplaceLegalDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Replace the legal documents?"
      description="The Privacy Policy, Terms of Membership and Cookie Policy will be replaced with the versions bundled with this release. Edits made since will be lost."
      action={<Button onClick={onConfirm}>Replace documents</Button>}
    />
  );
}
