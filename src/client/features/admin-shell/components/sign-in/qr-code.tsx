import { useEffect, useState } from 'react';

type QrState = { url: string; src: string } | { url: string; failed: true } | null;

/**
 * The otpauth:// URL as a QR code for an authenticator app to scan. Drawn as SVG in the
 * browser (the secret never goes to a third party) and loaded only when someone enrols.
 * Always dark on white, whatever the theme: scanners want that contrast.
 */
export function QrCode({ url, size = 208 }: { url: string; size?: number }) {
  const [state, setState] = useState<QrState>(null);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toString }) =>
        toString(url, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 1,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then(
        (svg) => {
          if (live)
            setState({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
        },
        (error: unknown) => {
          console.error('Drawing the QR code failed', error);
          if (live) setState({ url, failed: true });
        },
      );
    return () => {
      live = false;
    };
  }, [url]);

  const current = state?.url === url ? state : null;
  const frame = 'flex items-center justify-center rounded-lg border border-border p-2';
  if (current && 'src' in current) {
    return (
      // White in both themes: scanners want dark modules on a light ground.
      <div className={`${frame} bg-white`} style={{ width: size, height: size }}>
        <img
          src={current.src}
          width={size - 16}
          height={size - 16}
          alt="QR code to add your Waj staff account to an authenticator app"
          className="size-full"
        />
      </div>
    );
  }
  return (
    <div
      className={`${frame} bg-muted px-4 text-center text-sm text-muted-foreground`}
      style={{ width: size, height: size }}
      role="status"
    >
      {current
        ? 'The QR code could not be drawn. Enter the key below instead.'
        : 'Preparing QR code...'}
    </div>
  );
}
