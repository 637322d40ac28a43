import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '#client/lib/api-client.ts';

/** Every staff list and timeline lives under this key, so one change can refresh them all. */
export const adminKey = ['admin'] as const;

/** A 409 means the application moved on under us: refetch every staff list. */
export function refreshOnConflict(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error) && error.status === 409) {
    void queryClient.invalidateQueries({ queryKey: adminKey });
  }
}

/** `admin-service-levels`: under adminKey, so any staff action recounts what is overdue. */
export const serviceLevelsKey = [...adminKey, 'service-levels'] as const;

/** `admin-staff-directory`: under adminKey, so an assignment recounts who holds what. */
export const staffDirectoryKey = [...adminKey, 'staff-directory'] as const;
