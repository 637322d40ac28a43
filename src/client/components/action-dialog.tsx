import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog.tsx';

type ActionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog brings its own. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Makes the dialog a form (`noValidate`): its body holds the fields, `action` submits. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Between the heading and the buttons. */
  children?: ReactNode;
  /** The dialog's own button, after 'Cancel'. */
  action: ReactNode;
};

/**
 * A dialog that asks for one thing: a title and description, an optional body, then 'Cancel'
 * (which closes it) beside the action.
 */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  onSubmit,
  children,
  action,
}: ActionDialogProps) {
  const content = (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        {action}
      </DialogFooter>
    </>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        {onSubmit ? (
          <form noValidate onSubmit={onSubmit} className="grid gap-5">
            {content}
          </form>
        ) : (
          content
        )}
      </DialogContent>
    </Dialog>
  );
}
