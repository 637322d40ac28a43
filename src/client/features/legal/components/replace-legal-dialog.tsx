import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Replace the legal documents?</DialogTitle>
          <DialogDescription>
            The Privacy Policy, Terms of Membership and Cookie Policy will be replaced with the
            versions bundled with this release. Edits made since will be lost.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button onClick={onConfirm}>Replace documents</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
