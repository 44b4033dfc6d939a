import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  type AttachmentContentType,
  isAttachmentContentType,
  MESSAGE_TEXT_MAX_LENGTH,
} from '@shared/messages';

/**
 * What the composer checks before anything is sent, with the limits the server and the bucket
 * enforce again (shared/messages.ts): the type the browser reports, the size, the count, the text.
 * Each problem is a key of the `messages` namespace's `thread.problems` with its values.
 */
export interface ThreadProblem {
  key: 'empty' | 'tooLong' | 'tooMany' | 'type' | 'size' | 'emptyFile';
  values: Record<string, string | number>;
}

const MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** The type to announce for a chosen file, or null when it may not be attached. */
export function attachmentType(file: Pick<File, 'type' | 'name'>): AttachmentContentType | null {
  if (isAttachmentContentType(file.type)) return file.type;
  // Some systems report no type: judge by the extension (the server checks the bytes anyway).
  if (file.type === '') {
    const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
    if (extension === 'jpg' || extension === 'jpeg') return 'image/jpeg';
    if (extension === 'png') return 'image/png';
    if (extension === 'pdf') return 'application/pdf';
  }
  return null;
}

/** The problem of one chosen file, or null when it may be attached. */
export function fileProblem(file: Pick<File, 'type' | 'name' | 'size'>): ThreadProblem | null {
  if (!attachmentType(file)) return { key: 'type', values: { name: file.name } };
  if (file.size > ATTACHMENT_MAX_BYTES) return { key: 'size', values: { name: file.name, mb: MB } };
  if (file.size === 0) return { key: 'emptyFile', values: { name: file.name } };
  return null;
}

/** The problems of a whole message: its text and its files together. */
export function messageProblems(
  text: string,
  files: ReadonlyArray<Pick<File, 'type' | 'name' | 'size'>>,
): ThreadProblem[] {
  const problems: ThreadProblem[] = [];
  const trimmed = text.trim();
  if (trimmed === '' && files.length === 0) problems.push({ key: 'empty', values: {} });
  if (trimmed.length > MESSAGE_TEXT_MAX_LENGTH)
    problems.push({ key: 'tooLong', values: { max: MESSAGE_TEXT_MAX_LENGTH } });
  if (files.length > ATTACHMENTS_PER_MESSAGE)
    problems.push({ key: 'tooMany', values: { max: ATTACHMENTS_PER_MESSAGE } });
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** The limits the composer's hints name. */
export const COMPOSER_LIMITS = {
  max: MESSAGE_TEXT_MAX_LENGTH,
  files: ATTACHMENTS_PER_MESSAGE,
  mb: MB,
} as const;
