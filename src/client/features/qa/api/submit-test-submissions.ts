import type { TContactRequest } from '#shared/schemas/contact.ts';
import type { TEoiRequest } from '#shared/schemas/site.ts';
import { callApi } from '#client/lib/api-client.ts';
import { useAction } from '#client/lib/public-data.ts';

/** The QA overlay's test calls (SPEC §7 'Test tool'): real submissions, clearly labelled. */
const TEST_EOI: TEoiRequest = {
  fullName: 'QA Test Applicant',
  email: 'qa-test@waj.co.uk',
  phone: null,
  reason: 'Test expression of interest sent from the QA overlay.',
};

const TEST_CONTACT: TContactRequest = {
  name: 'QA Test Visitor',
  email: 'qa-test@waj.co.uk',
  message: 'Test message sent from the QA overlay.',
};

export function useSubmitTestEoi() {
  return useAction(() => callApi('eoi', TEST_EOI));
}

export function useSubmitTestContact() {
  return useAction(() => callApi('contact', TEST_CONTACT));
}
