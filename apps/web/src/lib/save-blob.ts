/** Hands the browser a file to save, through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once could cancel the download.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}
