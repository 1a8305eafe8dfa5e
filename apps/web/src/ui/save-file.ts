/** Hands a file to the browser's downloads under a name, through a short-lived object URL. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; give slow ones a minute.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
