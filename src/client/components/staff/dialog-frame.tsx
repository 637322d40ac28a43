import { useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';

type FrameProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opens it (a `DialogTrigger`), inside the root: focus returns to it. */
  trigger?: ReactNode;
  title: ReactNode;
  titleClassName?: string;
  description: ReactNode;
  descriptionClassName?: string;
  /** The buttons, in the footer. */
  footer: ReactNode;
  /** Between the heading and the buttons. */
  children?: ReactNode;
  /** The content box's classes (its width, e.g. `max-w-2xl`). */
  className?: string;
  /** Where focus goes when it closes, for a dialog with no trigger (see useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Where focus goes when it opens; Radix's default is the first focusable control. */
  onOpenAutoFocus?: (event: Event) => void;
};

type DialogFrameProps = FrameProps & {
  /** Wraps heading, body and buttons, e.g. in a staff Form (its submit button in the footer). */
  wrap?: (content: ReactNode) => ReactNode;
};

/**
 * The staff panel's dialog: title and description, a body, and a footer of buttons, in Radix's
 * modal dialog (focus trapped inside, Escape and the corner button close it).
 */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  title,
  titleClassName,
  description,
  descriptionClassName,
  footer,
  children,
  className,
  onCloseAutoFocus,
  onOpenAutoFocus,
  wrap = (content) => content,
}: DialogFrameProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger}
      <DialogContent
        className={className}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={onOpenAutoFocus}
      >
        {wrap(
          <>
            <DialogHeader>
              <DialogTitle className={titleClassName}>{title}</DialogTitle>
              <DialogDescription className={descriptionClassName}>{description}</DialogDescription>
            </DialogHeader>
            {children}
            <DialogFooter>{footer}</DialogFooter>
          </>,
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A form dialog's buttons: Cancel, and the submit button that reads `working` while busy. Both
 * are disabled while busy; `disabled` also holds back the submit (nothing chosen yet).
 */
export function FormDialogButtons({
  busy,
  onCancel,
  idle,
  working,
  disabled = false,
}: {
  busy: boolean;
  onCancel: () => void;
  idle: string;
  working: string;
  disabled?: boolean;
}) {
  return (
    <>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        <BusyLabel busy={busy} idle={idle} working={working} />
      </Button>
    </>
  );
}

/**
 * The same for an `alertdialog` (a decision the member must answer: no corner button, and a
 * click outside does not close it).
 */
export function AlertFrame({ open, onOpenChange, trigger, children, ...frame }: FrameProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger}
      <AlertDialogContent
        className={frame.className}
        onCloseAutoFocus={frame.onCloseAutoFocus}
        onOpenAutoFocus={frame.onOpenAutoFocus}
      >
        <AlertDialogHeader>
          <AlertDialogTitle className={frame.titleClassName}>{frame.title}</AlertDialogTitle>
          <AlertDialogDescription className={frame.descriptionClassName}>
            {frame.description}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>{frame.footer}</AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * A key that changes each time `open` turns true: a dialog's form keyed by it starts afresh on
 * every opening, yet stays mounted (and shown) while the dialog animates closed.
 */
export function useOpening(open: boolean): number {
  const [state, setState] = useState({ open, count: 0 });
  if (state.open !== open) setState({ open, count: open ? state.count + 1 : state.count });
  return state.count;
}

/** The last value that was not null: what a dialog shows while it animates closed. */
export function useKept<T>(value: T | null): T | null {
  const [kept, setKept] = useState(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
