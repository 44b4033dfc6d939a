import type { MessagesPage, MessageView } from '@shared/contract/messages';
import { ATTACHMENT_CONTENT_TYPES, isImageType } from '@shared/messages';
import { Alert } from '@web/components/ui/alert';
import { Button, buttonClass } from '@web/components/ui/button';
import { TextAreaField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, UploadRefused, uploadFile } from '@web/lib/api-client';
import { useTranslation } from '@web/lib/i18n';
import { dateTimeFormat, numberFormat } from '@web/lib/intl-format';
import { useLiveNotices } from '@web/lib/live/use-live-notices';
import { refusalText, ruleText } from '@web/lib/refusal-text';
import { useResource } from '@web/lib/use-resource';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { attachmentType, COMPOSER_LIMITS, messageProblems, type ThreadProblem } from './attachment-checks';
import threadStyles from './thread.css?inline';
import { type ThreadSide, threadApi } from './thread-api';

export type { ThreadSide } from './thread-api';

export interface ApplicationThreadProps {
  applicationId: string;
  /** The owner's order page (`client`) or the admin detail (`staff`): which routes it calls. */
  side: ThreadSide;
  /** Called after the thread was read (its unread count is 0 on the server now). */
  onRead?: () => void;
}

/** The thread is read again this often while shown and not live: new messages, and fresh 5-minute file links. */
const REFRESH_MS = 60_000;
/** Live, a notice reads a new message; the thread is still read this often, before its file links expire. */
const LINKS_REFRESH_MS = 4 * 60_000;
const MESSAGE_NOTICES = ['message.created'] as const;
const FILE_ACCEPT = [...ATTACHMENT_CONTENT_TYPES, '.jpg', '.jpeg', '.png', '.pdf'].join(',');

/**
 * An application's thread between its owner and staff (docs/product.md §4 "Messages"): the
 * messages, oldest first (earlier ones on request), each text shown as text, never HTML, files as
 * links (pictures as thumbnails) that read them for 5 minutes; and the composer: text and up to 5
 * JPEG, PNG or PDF files of at most 5 MB, checked here, uploaded to the bucket by presigned POST,
 * then sent with the message. Reading the thread marks it read for this side. Mounted by the owner's
 * order page (`side="client"`) and the admin application detail (`side="staff"`). Its texts are the
 * `errors` namespace's `thread` section: the one namespace both pages load (a namespace of its own
 * would add its URLs to the landing page's JavaScript, which is at its budget).
 */
export function ApplicationThread(props: ApplicationThreadProps) {
  // Another application's thread starts afresh: none of this one's messages, cursor or draft carry over.
  return <Thread key={`${props.side}:${props.applicationId}`} {...props} />;
}

/** The messages shown: the newest page read last, and the pages before it the user asked for. */
interface Shown {
  newest: MessagesPage | undefined;
  messages: MessageView[];
  cursor: string | null;
}

/** A newest page joins what is shown: the earlier messages stay, and it replaces what it covers. */
function withNewest(shown: Shown, page: MessagesPage): Shown {
  const first = page.items[0];
  const earlier = first ? shown.messages.filter((message) => message.createdAt < first.createdAt) : [];
  return {
    newest: page,
    messages: [...earlier, ...page.items],
    cursor: shown.cursor === null || page.nextCursor === null ? page.nextCursor : shown.cursor,
  };
}

function Thread({ applicationId, side, onRead }: ApplicationThreadProps) {
  const { t } = useTranslation('errors');
  const [shown, setShown] = useState<Shown>({ newest: undefined, messages: [], cursor: null });
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const onReadRef = useRef(onRead);
  onReadRef.current = onRead;

  const newest = useResource(
    async (signal) => {
      const page = await threadApi(side).list(applicationId, undefined, signal);
      onReadRef.current?.();
      return page;
    },
    [applicationId, side],
  );
  // Joined while rendering, not in an effect after: no frame shows the thread without its newest page.
  const page = newest.data;
  if (page !== undefined && page !== shown.newest) setShown((before) => withNewest(before, page));
  // Once read, a failed refresh keeps what is shown (the next one tries again).
  const state = page !== undefined ? 'ready' : newest.error !== null ? 'failed' : 'loading';
  const { reload } = newest;

  // A new message (either side's): the newest page again.
  const liveState = useLiveNotices({ types: MESSAGE_NOTICES, id: applicationId }, () => {
    if (state === 'ready') reload();
  });
  const live = liveState === 'live';

  useEffect(() => {
    if (state !== 'ready') return;
    const timer = setInterval(
      () => {
        if (document.visibilityState === 'visible') reload();
      },
      live ? LINKS_REFRESH_MS : REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [state, live, reload]);

  const { messages, cursor } = shown;
  const loadEarlier = async () => {
    if (!cursor) return;
    setLoadingEarlier(true);
    try {
      const earlier = await threadApi(side).list(applicationId, cursor);
      setShown((before) => ({
        ...before,
        messages: [...earlier.items, ...before.messages],
        cursor: earlier.nextCursor,
      }));
    } catch {
      // The button stays; the next click tries again.
    } finally {
      setLoadingEarlier(false);
    }
  };

  return (
    <div className="thread">
      {/* Hoisted into <head> once by React: the landing chunk then names no stylesheet of the thread. */}
      <style href="application-thread" precedence="default">
        {threadStyles}
      </style>
      {state === 'loading' && (
        <p className="thread__loading">
          <Spinner decorative /> <span className="muted">{t('thread.title')}…</span>
        </p>
      )}
      {state === 'failed' && (
        <Alert tone="danger">
          {t('thread.loadError')}{' '}
          <Button variant="secondary" size="sm" onClick={reload}>
            {t('thread.retry')}
          </Button>
        </Alert>
      )}
      {state === 'ready' && (
        <>
          {cursor && (
            <Button variant="secondary" size="sm" loading={loadingEarlier} onClick={loadEarlier}>
              {t('thread.earlier')}
            </Button>
          )}
          {messages.length === 0 ? (
            <p className="muted">{t(side === 'client' ? 'thread.empty' : 'thread.emptyStaff')}</p>
          ) : (
            <ol className="thread__list" aria-label={t('thread.listLabel')}>
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} />
              ))}
            </ol>
          )}
        </>
      )}
      <Composer
        applicationId={applicationId}
        side={side}
        onSent={(message) => setShown((before) => ({ ...before, messages: [...before.messages, message] }))}
      />
    </div>
  );
}

function useFileSize() {
  const { language } = useTranslation('errors');
  return (bytes: number) => {
    const format = numberFormat(language, { maximumFractionDigits: 1 });
    if (bytes < 1024) return `${format.format(bytes)} B`;
    if (bytes < 1024 * 1024) return `${format.format(bytes / 1024)} KB`;
    return `${format.format(bytes / (1024 * 1024))} MB`;
  };
}

function MessageItem({ message }: { message: MessageView }) {
  const { t, language } = useTranslation('errors');
  const size = useFileSize();
  const author = message.mine ? 'me' : message.from;
  const time = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(message.createdAt),
  );
  return (
    <li className={`thread__message thread__message--${message.mine ? 'mine' : 'theirs'}`}>
      <p className="thread__meta">
        <strong>{t(`thread.from.${author}`)}</strong>{' '}
        <time dateTime={message.createdAt} className="muted">
          {time}
        </time>
      </p>
      {/* Text as text: React escapes it; line breaks kept by CSS. Never HTML. */}
      {message.text !== '' && <p className="thread__text">{message.text}</p>}
      {message.attachments.length > 0 && (
        <ul className="thread__files" aria-label={t('thread.attachments')}>
          {message.attachments.map((file) => (
            <li key={file.id}>
              <a
                href={file.url}
                target="_blank"
                rel="noopener noreferrer"
                className="thread__file"
                aria-label={t('thread.openFile', { name: file.fileName, size: size(file.size) })}
              >
                {isImageType(file.contentType) ? (
                  <img src={file.url} alt="" loading="lazy" className="thread__thumbnail" />
                ) : (
                  <span className="thread__file-icon" aria-hidden="true">
                    PDF
                  </span>
                )}
                <span className="thread__file-name">{file.fileName}</span>
                <span className="muted thread__file-size">{size(file.size)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A stable key per chosen file (the same name may be chosen twice). */
const fileKeys = new WeakMap<File, number>();
let lastFileKey = 0;
function fileKey(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = ++lastFileKey;
    fileKeys.set(file, key);
  }
  return key;
}

/** The ids of files already uploaded for the message being written, so a retry sends none twice. */
type Uploaded = WeakMap<File, string>;

function Composer({
  applicationId,
  side,
  onSent,
}: {
  applicationId: string;
  side: ThreadSide;
  onSent: (message: MessageView) => void;
}) {
  const { t } = useTranslation('errors');
  const size = useFileSize();
  const fileInputId = useId();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [sentNotice, setSentNotice] = useState(false);
  const uploaded = useRef<Uploaded>(new WeakMap());
  const problemsRef = useRef<HTMLDivElement>(null);

  const say = (problem: ThreadProblem) => t(`thread.problems.${problem.key}`, problem.values);

  const showProblems = (list: string[]) => {
    setProblems(list);
    if (list.length > 0) requestAnimationFrame(() => problemsRef.current?.focus());
  };

  const choose = (chosen: FileList | null) => {
    if (!chosen) return;
    setSentNotice(false);
    const next = [...files, ...Array.from(chosen)];
    setFiles(next);
    showProblems(
      messageProblems(text, next)
        .filter((problem) => problem.key !== 'empty')
        .map(say),
    );
  };

  const remove = (file: File) => {
    const next = files.filter((kept) => kept !== file);
    setFiles(next);
    setProblems(
      messageProblems(text, next)
        .filter((problem) => problem.key !== 'empty')
        .map(say),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentNotice(false);
    const found = messageProblems(text, files);
    if (found.length > 0) {
      showProblems(found.map(say));
      return;
    }
    setProblems([]);
    const api = threadApi(side);
    try {
      const attachmentIds: string[] = [];
      for (const file of files) {
        let id = uploaded.current.get(file);
        if (!id) {
          setProgress(t('thread.compose.uploading', { name: file.name }));
          const contentType = attachmentType(file)!;
          const announced = await api.announce(applicationId, {
            fileName: file.name,
            contentType,
            size: file.size,
          });
          try {
            await uploadFile(announced.upload, file);
          } catch (error) {
            throw error instanceof UploadRefused || error instanceof TypeError
              ? new UploadFailed(file.name)
              : error;
          }
          id = announced.id;
          uploaded.current.set(file, id);
        }
        attachmentIds.push(id);
      }
      setProgress(t('thread.compose.sending'));
      const message = await api.post(applicationId, { text: text.trim(), attachmentIds });
      onSent(message);
      setText('');
      setFiles([]);
      uploaded.current = new WeakMap();
      setSentNotice(true);
    } catch (error) {
      showProblems([problemText(error)]);
      // A refused file is uploaded again on the next try.
      const refusedId = error instanceof ApiError ? error.params?.id : undefined;
      if (refusedId !== undefined) {
        for (const file of files) if (uploaded.current.get(file) === refusedId) uploaded.current.delete(file);
      }
    } finally {
      setProgress(null);
    }
  };

  const problemText = (error: unknown): string => {
    if (error instanceof UploadFailed) return t('thread.problems.uploadFailed', { name: error.fileName });
    if (error instanceof ApiError && error.errors.length > 0) {
      return error.errors.map((fieldError) => ruleText(fieldError)).join(' ');
    }
    return refusalText(error, t('thread.problems.sendFailed'));
  };

  const sending = progress !== null;
  return (
    <form className="thread__composer" onSubmit={submit} noValidate>
      <TextAreaField
        label={t('thread.compose.label')}
        hint={`${t('thread.compose.hint', { max: COMPOSER_LIMITS.max })} ${t('thread.compose.counter', {
          count: text.length,
          max: COMPOSER_LIMITS.max,
        })}`}
        value={text}
        maxLength={COMPOSER_LIMITS.max}
        rows={3}
        disabled={sending}
        onChange={(event) => {
          setText(event.target.value);
          setSentNotice(false);
        }}
      />
      <div className="thread__attach">
        <label htmlFor={fileInputId} className={`${buttonClass('secondary', 'sm')} thread__attach-label`}>
          {t('thread.compose.files')}
        </label>
        <input
          id={fileInputId}
          type="file"
          multiple
          accept={FILE_ACCEPT}
          className="visually-hidden"
          aria-describedby={`${fileInputId}-hint`}
          disabled={sending}
          onChange={(event) => {
            choose(event.target.files);
            event.target.value = '';
          }}
        />
        <span id={`${fileInputId}-hint`} className="field__hint">
          {t('thread.compose.filesHint', { mb: COMPOSER_LIMITS.mb, max: COMPOSER_LIMITS.files })}
        </span>
      </div>
      {files.length > 0 && (
        <ul className="thread__chosen" aria-label={t('thread.compose.chosen')}>
          {files.map((file) => (
            <li key={fileKey(file)}>
              <span className="thread__file-name">{file.name}</span>{' '}
              <span className="muted">{size(file.size)}</span>{' '}
              <Button
                variant="ghost"
                size="sm"
                disabled={sending}
                onClick={() => remove(file)}
                aria-label={t('thread.compose.remove', { name: file.name })}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <div ref={problemsRef} tabIndex={-1} className="thread__problems">
          <Alert tone="danger">
            {problems.length === 1 ? (
              problems[0]
            ) : (
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}
      {sentNotice && <Alert tone="success">{t('thread.compose.sent')}</Alert>}
      {progress && (
        <p className="muted" role="status">
          {progress}
        </p>
      )}
      <div className="thread__actions">
        <Button type="submit" loading={sending}>
          {t('thread.compose.send')}
        </Button>
      </div>
    </form>
  );
}

/** A file the bucket did not take (or the network dropped): said by its name. */
class UploadFailed extends Error {
  constructor(readonly fileName: string) {
    super(`Upload of ${fileName} failed`);
  }
}
