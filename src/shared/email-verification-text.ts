// Proving an e-mail address: the welcome link after registration and the link an e-mail
// change waits on. Zod-free, so the public page the link opens can say these words
// before any schema loads (docs/decisions/008-zod-lazy-on-public-pages.md).

/** How long a link works. */
export const VERIFY_LINK_TTL_HOURS = 48;

/** More links than this per account per hour are not sent: the inbox is not a target. */
export const MAX_VERIFY_LINKS_PER_HOUR = 3;

/** The page a verification e-mail links to, e.g. /verify-email/abc… */
export const verifyEmailPath = (token: string) => `/verify-email/${encodeURIComponent(token)}`;

export const emailVerificationMessages = {
  verified: (email: string) => `Your e-mail address ${email} is verified. Thank you.`,
  changed: (email: string) => `Your e-mail address is now ${email}. Use it to sign in from now on.`,
  unknown:
    'This link does not work: it is not one we sent. Check that the whole link was copied, or ask for a new one.',
  used: 'This link was already used: your e-mail address is verified, so there is nothing more to do.',
  replaced:
    'This link no longer works: a newer link replaced it, or the change it was for was cancelled. Use the link in the newest e-mail, or ask for a new one.',
  expired: `This link has expired: links work for ${VERIFY_LINK_TTL_HOURS} hours. Ask for a new one.`,
  accountClosed: 'This account is closed, so its e-mail address cannot be verified.',
  alreadyVerified: 'Your e-mail address is already verified.',
  resent: (email: string) =>
    `We sent a new link to ${email}. It works for ${VERIFY_LINK_TTL_HOURS} hours; older links no longer do.`,
  /** Said instead of resent when the server has no SMTP: no e-mail will arrive. */
  resentNoMail: (email: string) =>
    `A new link for ${email} was made, but this server does not send e-mail yet. Contact us and we will verify your address.`,
  tooMany: `You asked for ${MAX_VERIFY_LINKS_PER_HOUR} links in the last hour. Use the newest e-mail, or try again in an hour.`,
  taken: 'Another account uses this e-mail address.',
  sameAddress: 'This is already your e-mail address.',
  changeSent: (newEmail: string, oldEmail: string) =>
    `We sent a link to ${newEmail}. Your address stays ${oldEmail} until the link is opened.`,
  changeSentNoMail: (newEmail: string, oldEmail: string) =>
    `A link for ${newEmail} was made, but this server does not send e-mail yet, so contact us to finish the change. Your address stays ${oldEmail} until then.`,
  changeCancelled: 'The change was cancelled. Your e-mail address stays as it is.',
  noChangePending: 'No e-mail change is waiting.',
} as const;
