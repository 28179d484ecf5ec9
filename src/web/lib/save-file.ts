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
