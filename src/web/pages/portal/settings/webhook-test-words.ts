// A failed webhook test in words a client can act on. The server's own sentence ("The
// webhook answered 404.", "The webhook could not be reached: …") stays as the detail.

export interface WebhookTestFailure {
  /** What happened and what to do next. */
  words: string;
  /** What the server said, for whoever looks after the receiving end. */
  detail: string | null;
}

const ANSWERED = /^The webhook answered (\d{3})\.?$/;
const UNREACHABLE = /^The webhook could not be reached/;

function answerWords(status: number): string {
  if (status === 401 || status === 403)
    return 'Your webhook address turned the test notice away as not allowed. Check that the address is complete, including any key it needs.';
  if (status === 404 || status === 410)
    return 'Nothing was found at your webhook address. Check the address, or make a new one where you receive notices and paste it here.';
  if (status >= 500)
    return 'The service behind your webhook address had a problem with the test notice. Try again in a few minutes.';
  if (status >= 300 && status < 400)
    return 'Your webhook address sends notices on to another address. Paste the final address here.';
  return 'Your webhook address did not accept the test notice. Check the address, or ask whoever runs it.';
}

/** The server's message of a failed test as words and detail; null without one. */
export function webhookTestFailure(message: string | null | undefined): WebhookTestFailure {
  const text = message?.trim() ?? '';
  const answered = ANSWERED.exec(text);
  if (answered) return { words: answerWords(Number(answered[1])), detail: text };
  if (UNREACHABLE.test(text))
    return {
      words:
        'We could not reach your webhook address. Check that it is spelled right and open to the internet, then try again.',
      detail: text,
    };
  return { words: text || 'The test notice could not be sent. Try again.', detail: null };
}
