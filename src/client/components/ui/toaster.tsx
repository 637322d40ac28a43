import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '../../lib/theme.ts';

/** SPEC §9: bottom-right, region labelled 'Notifications', Alt+T moves focus to it. */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      containerAriaLabel="Notifications"
      hotkey={['altKey', 'KeyT']}
      closeButton
      toastOptions={{
        classNames: {
          toast: 'font-sans',
        },
      }}
      {...props}
    />
  );
}
