import { Slot } from 'radix-ui';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../utils/cn.ts';

/**
 * The tooltip of ./tooltip.tsx for public pages (the info buttons on /cards), with the same
 * parts and behaviour without Radix's positioning engine: opens on hover after 700 ms (at once
 * within 300 ms of another closing, SPEC §9) and at once on keyboard focus; closes on leave,
 * blur, Escape, a press, or a scroll; the trigger is described by it while it shows. It sits
 * above the trigger, below when there is no room, and keeps `collisionPadding` from the
 * viewport's sides.
 */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

type State = {
  open: boolean;
  instant: boolean;
  setOpen: (open: boolean, instant?: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
  contentId: string;
};

const TooltipContext = createContext<State | null>(null);

function useTooltip(part: string): State {
  const state = use(TooltipContext);
  if (!state) throw new Error(`<${part}> must be used within <Tooltip>`);
  return state;
}

export function Tooltip({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  children,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen);
  const [instant, setInstant] = useState(true);
  const open = openProp ?? uncontrolled;
  const triggerRef = useRef<HTMLElement>(null);
  const contentId = useId();
  const setOpen = useCallback(
    (next: boolean, nextInstant = true) => {
      if (next === open) return;
      if (next) setInstant(nextInstant);
      else lastClosedAt = Date.now();
      if (openProp === undefined) setUncontrolled(next);
      onOpenChange?.(next);
    },
    [open, openProp, onOpenChange],
  );

  // Escape and scrolling close it, as with Radix.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onScroll = (event: Event) => {
      const target = event.target;
      if (target instanceof Node && target.contains(triggerRef.current)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', onScroll, { capture: true });
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [open, setOpen]);

  return (
    <TooltipContext value={{ open, instant, setOpen, triggerRef, contentId }}>
      {children}
    </TooltipContext>
  );
}

export function TooltipTrigger({
  asChild = false,
  onPointerMove,
  onPointerLeave,
  onPointerDown,
  onFocus,
  onBlur,
  onClick,
  ...props
}: ComponentProps<'button'> & { asChild?: boolean }) {
  const { open, setOpen, triggerRef, contentId } = useTooltip('TooltipTrigger');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hovering = useRef(false);
  const pressing = useRef(false);
  const Comp = asChild ? Slot.Root : 'button';

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Comp
      ref={triggerRef as RefObject<HTMLButtonElement | null>}
      aria-describedby={open ? contentId : undefined}
      data-state={open ? 'open' : 'closed'}
      onPointerMove={(event) => {
        onPointerMove?.(event);
        if (event.defaultPrevented || event.pointerType === 'touch' || hovering.current) return;
        hovering.current = true;
        clearTimeout(timer.current);
        if (Date.now() - lastClosedAt < SKIP_DELAY_MS) setOpen(true, true);
        else timer.current = setTimeout(() => setOpen(true, false), DELAY_MS);
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        if (event.defaultPrevented) return;
        hovering.current = false;
        clearTimeout(timer.current);
        setOpen(false);
      }}
      onPointerDown={(event) => {
        onPointerDown?.(event);
        if (event.defaultPrevented) return;
        pressing.current = true;
        document.addEventListener(
          'pointerup',
          () => {
            pressing.current = false;
          },
          { once: true },
        );
        clearTimeout(timer.current);
        setOpen(false);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented && !pressing.current) setOpen(true, true);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
      {...props}
    />
  );
}

type Side = 'top' | 'bottom';

export function TooltipContent({
  className,
  side = 'top',
  sideOffset = 6,
  collisionPadding = 8,
  children,
  ...props
}: ComponentProps<'div'> & { side?: Side; sideOffset?: number; collisionPadding?: number }) {
  const { open, instant, triggerRef, contentId } = useTooltip('TooltipContent');
  const contentRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const content = contentRef.current;
    if (!open || !trigger || !content) return;
    const place = () => {
      const anchor = trigger.getBoundingClientRect();
      const { width, height } = content.getBoundingClientRect();
      const roomAbove = anchor.top - sideOffset - height >= collisionPadding;
      const roomBelow =
        anchor.bottom + sideOffset + height <= window.innerHeight - collisionPadding;
      const above = side === 'top' ? roomAbove || !roomBelow : !roomBelow && roomAbove;
      const centred = anchor.left + anchor.width / 2 - width / 2;
      const maxLeft = document.documentElement.clientWidth - width - collisionPadding;
      // Placed before the browser paints, straight on the element: nothing renders again.
      content.style.top = `${above ? anchor.top - sideOffset - height : anchor.bottom + sideOffset}px`;
      content.style.left = `${Math.max(collisionPadding, Math.min(centred, maxLeft))}px`;
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, side, sideOffset, collisionPadding, triggerRef]);

  if (!open) return null;
  return createPortal(
    <div
      ref={contentRef}
      id={contentId}
      role="tooltip"
      data-slot="tooltip-content"
      data-state={instant ? 'instant-open' : 'delayed-open'}
      className={cn(
        'fixed z-50 max-w-xs rounded-md bg-primary px-3 py-1.5 text-xs text-primary-foreground shadow-md',
        'data-[state=delayed-open]:animate-fade-in data-[state=instant-open]:animate-fade-in motion-reduce:animate-none!',
        className,
      )}
      {...props}
    >
      {children}
    </div>,
    document.body,
  );
}
