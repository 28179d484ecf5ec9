import { api, responseError } from './api.ts';

// Hands a file made in the browser, or fetched from the server, to the browser as a
// download (audit log CSV, legal suite exports).

export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves a file the server answered with (callApiRaw's Response) under the name it gave in
 * Content-Disposition, or `fallback`. Throws the answer's ApiError when it is a refusal.
 */
export async function saveAnswer(response: Response, fallback: string) {
  if (!response.ok) throw await responseError(response);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  saveFile(await response.blob(), named?.[1] ?? fallback);
}

/** Downloads a file the server streams (a ZIP export, say), as saveAnswer saves it. */
export async function downloadFromServer(path: string, fallback: string) {
  await saveAnswer(await api.raw('GET', path), fallback);
}
