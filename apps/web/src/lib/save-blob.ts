/** Hands a downloaded file to the browser: an object URL behind a temporary `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the URL is no longer needed once it has read it.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
