/**
 * SPEC §4: a sid is three parts, `base64url(basic id).expiry.signature` (CONTRACT §2). Its
 * shape and expiry are read here; only the server can tell whether it is genuine and unused.
 */
const SID_FORMAT = /^[A-Za-z0-9_-]+\.(\d{1,12})\.[A-Za-z0-9_-]+$/;

export function readSid(sid: string): 'invalid' | 'expired' | 'current' {
  const match = SID_FORMAT.exec(sid);
  if (!match?.[1]) return 'invalid';
  return Number(match[1]) * 1000 <= Date.now() ? 'expired' : 'current';
}
