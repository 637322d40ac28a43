import { COMPANY } from '#shared/company.ts';
import { escapeHtml } from '../../http/seo-head.ts';

/** What every applicant e-mail template returns; `queueEmail` adds the recipient and template. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface ApplicantMailOptions {
  subject: string;
  /** 'Dear Ada,' or a neutral greeting when the name is unknown. */
  greeting: string;
  /** Plain paragraphs; every value is escaped for the HTML part. */
  paragraphs: string[];
  /** One call to action, shown as a button in HTML and as a bare URL in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (e.g. what to do if the mail was unexpected). */
  after?: string[];
}

export function greetingFor(fullName: string | null | undefined): string {
  const name = fullName?.replace(/\s+/g, ' ').trim();
  return name ? `Dear ${name},` : 'Hello,';
}

const SIGN_OFF = `The ${COMPANY.name} membership team`;
const FOOTER = `${COMPANY.legalName}. ${COMPANY.registration}. Questions: ${COMPANY.supportEmail}`;

/**
 * Plain, well-formatted applicant mail: a text part that reads well on its own and a simple
 * table-free HTML part with inline styles (mail clients ignore style sheets). Nothing the
 * applicant typed is ever inserted unescaped.
 */
export function applicantMail(options: ApplicantMailOptions): MailContent {
  const after = options.after ?? [];
  const textParts = [options.greeting, ...options.paragraphs];
  if (options.action) textParts.push(`${options.action.label}:\n${options.action.url}`);
  textParts.push(...after, `${SIGN_OFF}\n\n--\n${FOOTER}`);

  const p = (value: string) =>
    `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(value)}</p>`;
  const button = options.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.action.url)}" ` +
      'style="display:inline-block;padding:12px 24px;background:#1b1b1f;color:#ffffff;' +
      `text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(options.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;line-height:1.6;font-size:13px;color:#555555">` +
      `If the button does not work, copy this address into your browser:<br>` +
      `<span style="word-break:break-all">${escapeHtml(options.action.url)}</span></p>`
    : '';
  const html = [
    '<!doctype html>',
    '<html lang="en-GB"><head><meta charset="utf-8">',
    `<title>${escapeHtml(options.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f4ef;color:#1b1b1f;',
    "font-family:Georgia,'Times New Roman',serif;font-size:16px\">",
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">',
    `<p style="margin:0 0 24px;font-size:20px;letter-spacing:0.08em;color:#8a6d3b">${escapeHtml(COMPANY.name)}</p>`,
    p(options.greeting),
    ...options.paragraphs.map(p),
    button,
    ...after.map(p),
    p(SIGN_OFF),
    `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#666666">${escapeHtml(FOOTER)}</p>`,
    '</div></body></html>',
  ].join('');

  return { subject: options.subject, text: `${textParts.join('\n\n')}\n`, html };
}
