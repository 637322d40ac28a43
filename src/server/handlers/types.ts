import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallInput, CallResponse, Calls, JsonCallName, StaffCall } from '#shared/calls.ts';
import type { ApplicantSession } from '../auth/applicant.ts';
import type { StaffIdentity } from '../auth/staff.ts';
import type { AppContext } from '../context.ts';

/**
 * What a call's handler is given: the request already checked against the call's schema, the
 * caller (a staff member on staff calls, the applicant's session on applicant calls, both
 * checked before the body was read), and the app.
 */
export type CallArgs<N extends JsonCallName> = {
  input: CallInput<N>;
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
} & (N extends StaffCall ? { staff: StaffIdentity } : unknown) &
  (Calls[N]['access'] extends 'applicant' ? { session: ApplicantSession } : unknown);

/** One JSON call: adapts the request to its service and shapes the answer. */
export type CallHandler<N extends JsonCallName> = (args: CallArgs<N>) => Promise<CallResponse<N>>;

/** A handler for every JSON call of the registry: a missing one fails the type check. */
export type CallHandlers = { [N in JsonCallName]: CallHandler<N> };

/** Handlers for some of the calls (one area of the product). */
export type SomeCallHandlers<N extends JsonCallName> = { [K in N]: CallHandler<K> };
