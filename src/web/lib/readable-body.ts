// How a webhook's answer is shown (run history, the admin's test request).

/** A response body as people read it: JSON indented, anything else as it came. */
export function readableBody(body: string): string {
  const text = body.trim();
  if (!/^[[{]/.test(text)) return body;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return body;
  }
}
