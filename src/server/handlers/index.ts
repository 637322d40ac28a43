import type { AppContext } from '../context.ts';
import { publicHandlers } from './public.ts';
import { staffHandlers } from './staff.ts';
import type { CallHandlers } from './types.ts';

/** A handler for every JSON call of the registry (src/shared/calls.ts). */
export function callHandlers(ctx: AppContext): CallHandlers {
  return { ...publicHandlers(ctx), ...staffHandlers(ctx) };
}
