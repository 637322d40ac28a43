import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKey } from '#client/lib/staff/keys.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffCallQuery, useStaffAction } from '#client/lib/staff/api/staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

export const screeningListsKey = [...adminKey, 'screening-lists'] as const;

/** `admin-screening-lists`: each list's version in use. */
export const screeningListsQuery = queryOptions({
  ...staffCallQuery(screeningListsKey, 'admin-screening-lists', {}),
  // SPEC §8: an admin failure is logged and shown, never retried.
  retry: false,
});

export function useScreeningLists() {
  return useQuery(screeningListsQuery);
}

/**
 * `admin-screening-list-upload`: one or more files in the multipart field `file` (OFAC's SDN
 * and alternate-names CSVs may go together). A new version screens everyone again, so every
 * staff list is read again after it. The form shows a refusal itself (the server names the line
 * and the reason), so it is logged, not toasted.
 */
export function useUploadScreeningList() {
  return useStaffAction(
    (files: readonly File[]) => {
      const form = new FormData();
      for (const file of files) form.append('file', file, file.name);
      return staffApi.upload('admin-screening-list-upload', form);
    },
    { ...staffMeta('admin-screening-list-upload', 'Upload failed'), errorToast: false },
  );
}
