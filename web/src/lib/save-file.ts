// Saves bytes the app made or fetched as a file the browser downloads (screenshots, CSV exports).

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the address by then; keep it a little for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
