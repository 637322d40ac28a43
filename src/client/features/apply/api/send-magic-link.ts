import { useMutation } from '@tanstack/react-query';
import { callApi } from '#client/lib/api-client.ts';

/**
 * `POST /api/apply-magic-link`: e-mails a link that resumes the application. The answer is the
 * same whether or not the address is known.
 */
export function sendMagicLink(data: { email: string }) {
  return callApi('apply-magic-link', data);
}

export function useSendMagicLink() {
  return useMutation({ mutationFn: sendMagicLink });
}
