/**
 * Saves a Blob (a document the API answered, such as the transaction history's CSV) as a file: an
 * object URL on a link clicked at once, released on the next task (Safari starts the download
 * after the click returns).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves the file a link serves (a presigned download that answers `Content-Disposition:
 * attachment`): a link clicked at once, so the page stays where it is.
 */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
