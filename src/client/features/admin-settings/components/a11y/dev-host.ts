const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * SPEC §2 'A11y': the e-mail test panel is for development only, on a local or a preview host.
 * Local: localhost (and any *.localhost), 127.0.0.1 and ::1 (`location.hostname` keeps the
 * brackets of an IPv6 address, hence both spellings). Preview: our deploy previews are named
 * `preview.<site>` or `<branch>-preview.<site>`, so a host whose first label is `preview` or
 * ends in `-preview` counts; the live site's host never has such a label.
 */
export function isDevHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOCAL_HOSTNAMES.has(host) || host.endsWith('.localhost')) return true;
  const [first = ''] = host.split('.');
  return host.includes('.') && (first === 'preview' || first.endsWith('-preview'));
}
