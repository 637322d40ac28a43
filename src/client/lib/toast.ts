import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts for the public site without sonner on a first visit: `toast(...)` and its variants
 * download sonner the first time one is shown, and ask the app's `ToasterHost`
 * (components/ui/toaster-host.tsx) to mount the toaster. Sonner keeps a toast created before
 * the toaster is listening and shows it once it is, so nothing is lost while it loads.
 * The apply flow and the staff panel import sonner itself; the host mounts the toaster there too.
 */
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];

let loading: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** Asks for the toaster (and sonner) to be loaded; safe to call any number of times. */
export function requestToaster(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loading ??= import('sonner').then((module) => module.toast);
  return loading;
}

/** Whether something asked for the toaster (read by the host with useSyncExternalStore). */
export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Show = (message: Message, data?: ExternalToast) => void;

const show =
  (pick: (sonner: Sonner) => (message: Message, data?: ExternalToast) => unknown): Show =>
  (message, data) => {
    void requestToaster().then((sonner) => pick(sonner)(message, data));
  };

/** The sonner calls the public site makes, with the same arguments. */
export const toast = Object.assign(
  show((sonner) => sonner),
  {
    success: show((sonner) => sonner.success),
    error: show((sonner) => sonner.error),
    info: show((sonner) => sonner.info),
    warning: show((sonner) => sonner.warning),
    message: show((sonner) => sonner.message),
  },
);
