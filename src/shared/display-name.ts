// The name the header shows for a user: the name, or else the email (SPEC §2).
// Kept free of zod so public pages can use it without loading the schema library;
// user.ts's displayName does the same and can re-export this one.
export const displayName = (user: { name: string; email: string }) =>
  user.name.trim() || user.email;
