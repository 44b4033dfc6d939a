import { createAttachmentBodySchema } from '@shared/contract/messages';
import { ATTACHMENT_DEFAULT_NAME, cleanFileName } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

/**
 * A file's name is shown to the other side of the thread and given to its download: it keeps no
 * character that makes it read as another name (bidirectional formatting) or that no name needs
 * (control characters).
 */
describe('cleanFileName', () => {
  it('drops the right-to-left override that shows `\\u202Egnp.exe` as `exe.png`', () => {
    expect(cleanFileName('\u202Egnp.exe')).toBe('gnp.exe');
  });

  it('drops every bidirectional formatting character: embeddings, overrides, isolates and marks', () => {
    const bidi = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];

    expect(cleanFileName(`re${bidi.join('')}ceipt.pdf`)).toBe('receipt.pdf');
  });

  it('drops C0 controls, DEL and C1 controls', () => {
    expect(cleanFileName('a\u0000b\u0007c\td\ne\rf\u001Fg\u007Fh\u0080i\u009Fj.png')).toBe('abcdefghij.png');
  });

  it('keeps every other letter, space and mark as it was', () => {
    const name = 'Квитанция № 5 (копия) — 日本 ☺ é.jpg';

    expect(cleanFileName(name)).toBe(name);
  });

  it('trims what stripping leaves at either end', () => {
    expect(cleanFileName('\u202E  scan.png \u200F')).toBe('scan.png');
  });

  it('names a file that had nothing else `file`', () => {
    expect(cleanFileName('\u202E\u0000\u200F ')).toBe(ATTACHMENT_DEFAULT_NAME);
    expect(ATTACHMENT_DEFAULT_NAME).toBe('file');
  });
});

describe('the announcement of an upload', () => {
  const announce = (fileName: string) =>
    z.safeParse(createAttachmentBodySchema, { fileName, contentType: 'image/png', size: 10 });

  it('keeps the cleaned name, so the server stores and serves it so', () => {
    const parsed = announce('\u202Egnp.exe');

    expect(parsed.success && parsed.data.fileName).toBe('gnp.exe');
  });

  it('still refuses a name sent empty', () => {
    const parsed = announce('   ');

    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['required']);
  });
});
