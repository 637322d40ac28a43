import { z } from './zod.ts';
import { contactMessageField, contactNameField, emailField, honeypotField } from './fields.ts';

/** `contact` (SPEC §5 'Contact form'). */
export const ZContactRequest = z.object({
  name: contactNameField,
  email: emailField,
  message: contactMessageField,
  website: honeypotField,
});
export type TContactRequest = z.input<typeof ZContactRequest>;
