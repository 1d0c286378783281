/**
 * Hands content to the browser as a download named `fileName` (an object URL on a temporary
 * link). The URL is revoked shortly after: the download has started by then (spec 9: 120 ms).
 */
export function downloadFile(content: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 120);
}
