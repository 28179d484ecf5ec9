import { hashPassword, verifyAgainstDummy, verifyPassword } from '#server/auth/passwords.ts';
import { endSession, issueSession } from '#server/auth/sessions.ts';
import { refuseSignIn } from '#server/auth/sign-in-refusal.ts';
import type { TokenClaims, TokenService } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { acceptInvite, findLiveInvite } from '#server/domain/accounts/team-invites.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { sendWelcomeMail } from '#server/domain/users/email-verification.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isUniqueViolation,
} from '#server/domain/users/repository.ts';
import { badRequest, conflict, unauthorized } from '#server/http/errors.ts';
import { authMessages, type Login, type Register } from '#shared/auth.ts';
import { teamMessages } from '#shared/team.ts';

// Sign-up and sign-in. Plain arguments in, plain data out; routes.ts does the HTTP.

interface Context {
  db: Db;
  tokens: TokenService;
  ip: string;
  /** The base of the link in the welcome mail. */
  publicUrl: string;
}

export interface Session {
  token: string;
  user: UserRow;
}

export async function register(
  { db, tokens, ip, publicUrl }: Context,
  input: Register,
): Promise<Session> {
  const emailTaken = () => conflict(authMessages.emailTaken, { email: authMessages.emailTaken });
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  if (input.inviteToken) await checkInviteForSignUp(db, input.inviteToken, input.email);
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    // With an invite, the account and its team membership are created together or not at all.
    user = await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        name: input.name,
        email: input.email,
        passwordHash,
        companyName: input.companyName ?? null,
        companyCode: input.companyCode ?? null,
        acceptedTos: input.acceptedTOS,
      });
      await audit(tx, { source: 'auth', message: 'Account registered', userId: row.id, ip });
      // The invitation was mailed to this address, so joining with it proves the address;
      // anyone else gets the welcome mail with a link that does.
      if (input.inviteToken) {
        await acceptInvite(tx, row, input.inviteToken, ip);
        return (await findUserById(tx, row.id)) ?? row;
      }
      await sendWelcomeMail(tx, row, { publicUrl, ip });
      return row;
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { token: (await issueSession(db, tokens, { user, ip })).token, user };
}

/**
 * Checks the password, and that the account may be used from `ip`: a sign-in that the
 * allowed-IP rules would refuse on every later call is refused now, with the reason.
 */
export async function checkCredentials({ db, ip }: Context, input: Login): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await audit(db, {
      level: 'warning',
      source: 'auth',
      message: 'Failed sign-in',
      userId: user?.id ?? null,
      ip,
      details: { email: input.email.trim().toLowerCase() },
    });
    throw unauthorized(authMessages.badCredentials);
  }
  await refuseSignIn(db, user, ip);
  return user;
}

/** A sign-up with an invite must use a live link sent to the address being registered. */
async function checkInviteForSignUp(db: Db, token: string, email: string) {
  const live = await findLiveInvite(db, token);
  if (!live) throw badRequest(teamMessages.linkInvalid, { inviteToken: teamMessages.linkInvalid });
  const invited = live.invite.inviteeEmail;
  if (invited !== email) {
    throw badRequest(teamMessages.wrongEmail(invited), { email: teamMessages.wrongEmail(invited) });
  }
}

/** Ends the caller's session (and test sessions opened from it) and audits it. */
export async function signOut(
  db: Db,
  user: UserRow,
  claims: TokenClaims | null,
  acting: { actorId: string; ip: string },
) {
  if (claims) await endSession(db, claims.sid);
  await audit(db, {
    source: 'auth',
    message: 'Signed out',
    userId: user.id,
    actorId: acting.actorId,
    ip: acting.ip,
  });
}
