import { ApiError } from '#web/lib/api.ts';
import { codeText, networkText } from '#web/lib/failure-text.ts';
import { toast } from '#web/lib/toast.ts';

/** SPEC §8 Admin IP: a refused or failed call is "Failed" with the code and the body. */
export function notifyLockFailure(error: unknown) {
  toast({
    title: 'Failed',
    text: error instanceof ApiError ? codeText(error) : networkText(error),
    tone: 'error',
  });
}
