/**
 * Saves the file a link serves (a presigned download that answers `Content-Disposition:
 * attachment`, such as a transaction export's): a link clicked at once, so the page stays where it is.
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
