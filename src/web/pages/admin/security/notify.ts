import { ApiError } from '#web/lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { codeText, errorMessage } from '../request-notices.ts';

/** SPEC §8 Admin IP: a refused or failed call is "Failed" with the code and the body. */
export function notifyLockFailure(error: unknown) {
  toast({
    title: 'Failed',
    text: error instanceof ApiError ? codeText(error) : errorMessage(error),
    tone: 'error',
  });
}
