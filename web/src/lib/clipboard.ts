/** Copies text to the clipboard; rejects where the browser offers no clipboard (or refuses it). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
