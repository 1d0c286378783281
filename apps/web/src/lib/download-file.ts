/** Saves `content` as a file named `fileName`, through a link to a temporary object URL. */
export function downloadFile(content: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then (producer spec 9: object-URL revoke delay 120 ms).
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 120);
}
