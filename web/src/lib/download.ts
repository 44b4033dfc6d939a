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

/** Saves a file made in the page (a report's CSV, recovery codes): its object URL, given back once the browser has it. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  saveUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
