import type { User } from '#shared/user.ts';

/**
 * A tab's save when its fields belong to more than one call (SPEC §7): the changed parts
 * are sent one after another, and the answer is the client as the last call left it. The
 * cache is updated once, at the end, so the form is not rebuilt between two calls.
 */
export async function sendInOrder(calls: ((() => Promise<User>) | false)[]): Promise<User> {
  let user: User | undefined;
  for (const call of calls) if (call) user = await call();
  if (!user) throw new Error('Nothing has changed.');
  return user;
}
