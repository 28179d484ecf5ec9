import { redirect } from 'react-router';
import { paths } from '#shared/paths.ts';

// /admin has no screen of its own: it opens the legal suite (SPEC §2).
export function clientLoader() {
  return redirect(paths.adminLegal);
}

export default function AdminHome() {
  return null;
}
