import { writeAudit, type Actor } from '../audit.ts';
import type { Db } from '../db/client.ts';
import { insertInviteCodes } from '../lib/invite-code.ts';
import { queueEmail } from '../mail/outbox.ts';
import { invitationCodeMail } from '../mail/templates/invitation-code.ts';

/**
 * `admin-invite-generate`: a batch of fresh codes. With an issued-to address the codes are
 * recorded against it and sent there in one invitation, queued in the same transaction.
 */
export async function adminInviteGenerate(options: {
  db: Db;
  actor: Actor & { type: 'staff' };
  count: number;
  issuedTo: string | null;
  publicUrl: string;
}): Promise<{ codes: string[] }> {
  const { issuedTo } = options;
  return options.db.transaction(async (tx) => {
    const created = await insertInviteCodes(tx, { count: options.count, issuedTo });
    const codes = created.map((row) => row.code);
    if (issuedTo) {
      await queueEmail(tx, {
        to: issuedTo,
        template: 'admin_invite_generate.invitation_code',
        ...invitationCodeMail({ codes, publicUrl: options.publicUrl }),
      });
    }
    await writeAudit(tx, {
      actor: options.actor,
      action: 'invite_code.generate',
      target: { type: 'invite_code', id: created.length === 1 ? created[0]!.id : null },
      // The address stays on the codes (invite_codes.issued_to), not in the audit row (CONTRACT §6).
      after: {
        count: created.length,
        ids: created.map((row) => row.id),
        issued_to_set: Boolean(issuedTo),
      },
    });
    return { codes };
  });
}
