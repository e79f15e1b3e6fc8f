/**
 * Saves a downloaded file (an .xlsx reply as a Blob) under `fileName` through the browser's download:
 * a temporary object URL on a clicked anchor, revoked once the browser has taken the bytes.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the download in some browsers: give it time to start.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
