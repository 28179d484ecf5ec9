import { Alert } from './alert.tsx';

/** A form's failure that belongs to no one field, under the form; nothing when there is none. */
export function FormAlert({ alert }: { alert?: string | null }) {
  if (!alert) return null;
  return (
    <div className="mt-4">
      <Alert>{alert}</Alert>
    </div>
  );
}
