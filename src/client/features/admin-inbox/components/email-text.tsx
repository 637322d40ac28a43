/**
 * An e-mail address that, when its column is narrow, wraps before the '@' first, and inside
 * a part too long for the column only then, so a long address never widens the table past
 * the screen (the inbox tables fit 1280 px).
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
