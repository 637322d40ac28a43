import { applyAddressLookup } from '../services/apply-address-lookup.ts';
import { MAGIC_LINK_SENT_MESSAGE } from '#shared/schemas/journey.ts';
import { applicantTokenOf, clearApplicantCookies, setApplicantCookies } from '../auth/applicant.ts';
import type { SignInRequest } from '../auth/staff-sign-in.ts';
import type { AppContext } from '../context.ts';
import { kycProvider } from '../kyc/provider.ts';
import {
  APPLICATION_PER_EMAIL_WINDOW_MS,
  MAGIC_LINKS_PER_EMAIL,
  scaledMax,
  STAFF_AUTH_FAILURES,
} from '../rate-limits.ts';
import { activation } from '../services/activation.ts';
import { adminAuth } from '../services/admin-auth.ts';
import { adminAuthVerify } from '../services/admin-auth-verify.ts';
import { adminMfaEnroll } from '../services/admin-mfa-enroll.ts';
import { adminStaffJoin } from '../services/admin-staff-join.ts';
import { applyBasic } from '../services/apply-basic.ts';
import { applyDetails } from '../services/apply-details.ts';
import { applyGetStage } from '../services/apply-get-stage.ts';
import { applyKycStart } from '../services/apply-kyc-start.ts';
import { applyMagicLink } from '../services/apply-magic-link.ts';
import { applyOfferAction } from '../services/apply-offer-action.ts';
import { applySession } from '../services/apply-session.ts';
import { applySignout } from '../services/apply-signout.ts';
import { applyStatus } from '../services/apply-status.ts';
import { applyVerifyCode } from '../services/apply-verify-code.ts';
import { listCardAssets } from '../services/card-assets.ts';
import { contact } from '../services/contact.ts';
import { eoi } from '../services/eoi.ts';
import { listLegalDocuments } from '../services/legal-documents.ts';
import { validateInvite } from '../services/validate-invite.ts';
import type { FastifyRequest } from 'fastify';
import type { SomeCallHandlers } from './types.ts';

/** Enough of a user agent to recognise the browser; the header is attacker-chosen. */
const USER_AGENT_MAX = 512;

/** Per-e-mail limits counted in the database; none when limits are off (load tests). */
function perEmailLimit(ctx: AppContext) {
  return ctx.env.RATE_LIMIT_SCALE > 0
    ? {
        max: scaledMax(ctx.env, MAGIC_LINKS_PER_EMAIL.max),
        windowMs: MAGIC_LINKS_PER_EMAIL.windowMs,
      }
    : null;
}

/** What every staff sign-in step needs of the request: address, browser, and the failure limits. */
export function signInRequestOf(ctx: AppContext, request: FastifyRequest): SignInRequest {
  return {
    db: ctx.db,
    mfaKey: ctx.secrets.mfaKey,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    limits:
      ctx.env.RATE_LIMIT_SCALE === 0
        ? null
        : {
            free: scaledMax(ctx.env, STAFF_AUTH_FAILURES.max),
            perAccount: scaledMax(ctx.env, STAFF_AUTH_FAILURES.perAccount),
          },
  };
}

type PublicCall =
  | 'contact'
  | 'eoi'
  | 'legal-documents'
  | 'card-assets'
  | 'validate-invite'
  | 'apply-verify-code'
  | 'apply-basic'
  | 'apply-magic-link'
  | 'apply-session'
  | 'apply-signout'
  | 'apply-get-stage'
  | 'apply-status'
  | 'apply-details'
  | 'apply-address-lookup'
  | 'apply-kyc-start'
  | 'apply-offer-action'
  | 'activation'
  | 'admin-auth'
  | 'admin-auth-verify'
  | 'admin-mfa-enroll'
  | 'admin-staff-join';

/** The public site's, the applicant's and the staff sign-in's calls. */
export function publicHandlers(ctx: AppContext): SomeCallHandlers<PublicCall> {
  const { db, env } = ctx;
  const provider = kycProvider(env);
  const mailTo = { staffEmail: env.STAFF_EMAIL, publicUrl: env.PUBLIC_URL };
  return {
    contact: async ({ input }) => {
      const { id } = await contact({ db, input, ...mailTo });
      ctx.wakeMailer();
      return { ok: true, id };
    },
    eoi: async ({ input }) => {
      const { id } = await eoi({ db, input, ...mailTo });
      ctx.wakeMailer();
      return { ok: true, id };
    },
    'legal-documents': async () => ({ ok: true, data: await listLegalDocuments({ db }) }),
    'card-assets': async () => ({ ok: true, data: await listCardAssets({ db }) }),

    'validate-invite': async ({ input }) => {
      await validateInvite(db, input.code);
      return { ok: true, valid: true };
    },
    'apply-verify-code': async ({ input, request, reply }) => {
      const { session, stage } = await applyVerifyCode(db, { code: input.code, ip: request.ip });
      setApplicantCookies(request, reply, session);
      return { ok: true, basic_id: session.applicationId, token: session.token, stage };
    },
    'apply-basic': async ({ input, request }) => {
      const { id, queued } = await applyBasic({
        db,
        input,
        ip: request.ip,
        ...mailTo,
        secret: ctx.secrets.sessionSecret,
        duplicateWindowMs: env.RATE_LIMIT_SCALE > 0 ? APPLICATION_PER_EMAIL_WINDOW_MS : null,
        perEmail: perEmailLimit(ctx),
      });
      if (queued) ctx.wakeMailer();
      // The same answer for a new application and a duplicate: `id` opens nothing either way.
      return { ok: true, basic_id: id };
    },
    'apply-magic-link': async ({ input }) => {
      const queued = await applyMagicLink({
        db,
        email: input.email,
        secret: ctx.secrets.sessionSecret,
        publicUrl: env.PUBLIC_URL,
        perEmail: perEmailLimit(ctx),
      });
      if (queued) ctx.wakeMailer();
      // The same answer whether or not the e-mail is known, or over its limit.
      return { ok: true, message: MAGIC_LINK_SENT_MESSAGE };
    },
    'apply-session': async ({ input, request, reply }) => {
      const session = await applySession(db, {
        sid: input.sid,
        secret: ctx.secrets.sessionSecret,
        ip: request.ip,
      });
      setApplicantCookies(request, reply, session);
      return { ok: true, basic_id: session.applicationId, token: session.token };
    },
    'apply-signout': async ({ request, reply }) => {
      await applySignout(db, { token: applicantTokenOf(request), ip: request.ip });
      // Whatever the token was, this browser forgets it: signing out twice is no error.
      clearApplicantCookies(request, reply);
      return { ok: true };
    },
    'apply-get-stage': async ({ session }) =>
      applyGetStage(db, {
        applicationId: session.applicationId,
        kycProvider: env.KYC_PROVIDER,
        addressLookup: env.ADDRESS_LOOKUP !== undefined,
      }),
    // The review screen's 8 s poll (SPEC §4): one indexed read.
    'apply-status': async ({ session }) => ({
      ok: true,
      stage: await applyStatus(db, session.applicationId),
    }),
    'apply-details': async ({ input, session, request }) => {
      const { stage, queued } = await applyDetails(db, {
        session,
        input,
        ip: request.ip,
        secret: ctx.secrets.sessionSecret,
        publicUrl: env.PUBLIC_URL,
        screening: ctx.screening,
      });
      if (queued) ctx.wakeMailer();
      return { ok: true, stage };
    },
    'apply-address-lookup': async ({ input }) => ({
      ok: true,
      addresses: await applyAddressLookup({ env, postcode: input.postcode }),
    }),
    'apply-kyc-start': async ({ session, request }) =>
      applyKycStart({
        db,
        withLock: ctx.database.withLock,
        provider,
        applicationId: session.applicationId,
        actor: { type: 'applicant', id: session.applicationId, ip: request.ip },
      }),
    'apply-offer-action': async ({ input, session, request }) => {
      const { stage, tier } = await applyOfferAction(db, {
        applicationId: session.applicationId,
        input,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
        ...mailTo,
      });
      ctx.wakeMailer();
      return { ok: true, stage, tier };
    },
    activation: async ({ session }) => ({
      ok: true,
      data: await activation(db, session.applicationId),
    }),

    // Staff sign-in and joining: open to anyone, each throttled per IP and per account.
    'admin-auth': async ({ input, request }) => adminAuth(signInRequestOf(ctx, request), input),
    'admin-auth-verify': async ({ input, request }) =>
      adminAuthVerify(signInRequestOf(ctx, request), input),
    'admin-mfa-enroll': async ({ input, request }) =>
      adminMfaEnroll(signInRequestOf(ctx, request), input),
    'admin-staff-join': async ({ input, request }) =>
      adminStaffJoin(signInRequestOf(ctx, request), input),
  };
}
