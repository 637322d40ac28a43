import { Slot } from 'radix-ui';
import {
  createContext,
  use,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type * as SheetParts from './sheet.tsx';

/**
 * The side panel of ./sheet.tsx with the same parts, for the public header's menu: the trigger
 * is a plain button, and the Radix Dialog behind the panel (focus trap, Escape, outside click,
 * scroll lock) is downloaded when the pointer first comes near the button or when it is
 * pressed, so a first visit does not carry it. Focus goes back to the button on close.
 */
type SheetModule = typeof SheetParts;

let loading: Promise<SheetModule> | undefined;

function loadSheet(): Promise<SheetModule> {
  loading ??= import('./sheet.tsx');
  return loading;
}

type SheetState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  module: SheetModule | undefined;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

const SheetContext = createContext<SheetState | null>(null);

function useSheet(part: string): SheetState {
  const state = use(SheetContext);
  if (!state) throw new Error(`<${part}> must be used within <Sheet>`);
  return state;
}

/** The parts rendered inside the panel exist only once the module has loaded. */
function useLoaded(part: string): SheetModule {
  const { module } = useSheet(part);
  if (!module) throw new Error(`<${part}> rendered before the sheet loaded`);
  return module;
}

export function Sheet({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  // Loaded when first opened, never for the first render (on the server or while hydrating).
  const [module, setModule] = useState<SheetModule | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wantsOpen = open && !module;

  useEffect(() => {
    if (!wantsOpen) return;
    let current = true;
    void loadSheet().then((next) => {
      if (current) setModule(next);
    });
    return () => {
      current = false;
    };
  }, [wantsOpen]);

  return (
    <SheetContext value={{ open: open && !!module, setOpen: onOpenChange, module, triggerRef }}>
      {children}
    </SheetContext>
  );
}

export function SheetTrigger({
  asChild = false,
  onClick,
  onPointerEnter,
  onTouchStart,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, setOpen, triggerRef } = useSheet('SheetTrigger');
  const Comp = asChild ? Slot.Root : 'button';
  const preload = () => void loadSheet();
  return (
    <Comp
      ref={triggerRef}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preload();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preload();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(!open);
      }}
      {...props}
    />
  );
}

export function SheetContent({
  onCloseAutoFocus,
  ...props
}: ComponentProps<SheetModule['SheetContent']>) {
  const { open, setOpen, module, triggerRef } = useSheet('SheetContent');
  if (!module) return null;
  return (
    <module.Sheet open={open} onOpenChange={setOpen}>
      <module.SheetContent
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          triggerRef.current?.focus();
        }}
        {...props}
      />
    </module.Sheet>
  );
}

export function SheetClose(props: ComponentProps<SheetModule['SheetClose']>) {
  const module = useLoaded('SheetClose');
  return <module.SheetClose {...props} />;
}

export function SheetHeader(props: ComponentProps<'div'>) {
  const module = useLoaded('SheetHeader');
  return <module.SheetHeader {...props} />;
}

export function SheetFooter(props: ComponentProps<'div'>) {
  const module = useLoaded('SheetFooter');
  return <module.SheetFooter {...props} />;
}

export function SheetTitle(props: ComponentProps<SheetModule['SheetTitle']>) {
  const module = useLoaded('SheetTitle');
  return <module.SheetTitle {...props} />;
}

export function SheetDescription(props: ComponentProps<SheetModule['SheetDescription']>) {
  const module = useLoaded('SheetDescription');
  return <module.SheetDescription {...props} />;
}
