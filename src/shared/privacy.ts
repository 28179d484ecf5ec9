import { z } from 'zod';
import { retention } from './retention.ts';

// Privacy requests (docs/decisions/017-privacy-requests.md): a copy of everything held
// about an account, closing an account, and erasing it. The same messages on the page and
// from the server.

/** How long an e-mailed download link of a data export works. */
export const EXPORT_LINK_HOURS = 24;

export const privacyMessages = {
  exportMailed: `We are e-mailing you a link to download your data. It works for ${EXPORT_LINK_HOURS} hours.`,
  exportNoMail: `E-mail is not set up on this server, so nothing was sent: download your data with the link below. It works for ${EXPORT_LINK_HOURS} hours.`,
  exportLimit:
    'You have asked for several exports today. Use the newest link, or try again tomorrow.',
  exportLinkInvalid:
    'This download link is invalid or has expired. Ask for a new one from Profile.',
  passwordRequired: 'Enter your password to close the account.',
  passwordWrong: 'The password is incorrect.',
  ownerOnly: 'Only the account owner can close the account.',
  impersonating: 'An account cannot be closed while testing as a client.',
  adminAccount: 'Admin accounts are not closed here.',
  closed: `Your account is closed. It will be erased after ${retention.closedAccountDays} days.`,
  accountClosed: 'This account is closed.',
  alreadyClosed: 'This account is already closed.',
  alreadyErased: 'This account has already been erased.',
  adminClosed: `Account closed. It will be erased after ${retention.closedAccountDays} days.`,
  erased: 'Account erased. Its invoices are kept for tax records with the company name only.',
  enquiryErased: 'Enquiry erased.',
  enquiryMissing: 'Enquiry not found.',
} as const;

/** POST /api/account/close: the owner's password, checked again on the server. */
export const CloseAccountSchema = z.object({
  password: z
    .string({ error: privacyMessages.passwordRequired })
    .min(1, privacyMessages.passwordRequired)
    .max(200, privacyMessages.passwordWrong),
});
export type CloseAccountInput = z.infer<typeof CloseAccountSchema>;

/** POST /api/account/export: mailed, or (without SMTP) the link itself. */
export const ExportRequestAnswerSchema = z.object({
  message: z.string(),
  /** Only when no e-mail is sent: the download link, for the page to show. */
  downloadUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type ExportRequestAnswer = z.infer<typeof ExportRequestAnswerSchema>;

/** GET /api/account/export/:token: the e-mailed link's token, the only proof it carries. */
export const ExportTokenParamsSchema = z.object({ token: z.string().max(100) });

/** The files of a data export, in the order its README lists them. */
export const exportFiles = {
  'README.txt': 'What this archive holds.',
  'account.json': 'Your account: name, e-mail, company, role, plan and billing status.',
  'processes.json': 'Your workflows and their settings (webhook addresses and keys left out).',
  'schedules.json': 'Your schedules.',
  'runs.csv': 'Workflow runs still within your plan’s log retention.',
  'invoices.json': 'Your invoices and the payments recorded against them.',
  'team.json': 'Team members and invitations.',
  'catalog-requests.json': 'Workflows you requested from the catalog and the answers.',
  'enquiries.json': 'Enquiries sent from the contact form with your e-mail address.',
  'notification-settings.json': 'Your notification choices (the signing secret left out).',
  'mail.json': 'Copies of the e-mail we sent to this address (one-time links left out).',
  'webhook-notices.json': 'Run notices sent or waiting for your notification webhook.',
  'passkeys.json': 'Your passkeys: their names and when they were added and last used.',
  'api-tokens.json':
    'Your API tokens: their names, first characters and dates (never the tokens themselves).',
  'audit-log.csv': 'Security and account events about you.',
} as const;
