import type { MessagesPage, MessageView } from '@shared/contract/messages';
import { ATTACHMENT_MAX_BYTES } from '@shared/messages';
import {
  adminCreateAttachment,
  adminListMessages,
  adminPostMessage,
  createMyAttachment,
  listMyMessages,
  postMyMessage,
} from '@shared/routes/messages';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationThread } from './application-thread';

const APPLICATION = 'app-1';
const UPLOAD_URL = 'http://uploads.test/bucket';
const HTML_TEXT = '<b>bold</b><script>alert(1)</script>';

function message(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 'm1',
    from: 'client',
    mine: true,
    text: 'Hello',
    attachments: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const THREAD: MessagesPage = {
  items: [
    message({ id: 'm1', text: HTML_TEXT }),
    message({
      id: 'm2',
      from: 'staff',
      mine: false,
      text: 'Here is the receipt.',
      attachments: [
        {
          id: 'f1',
          fileName: 'receipt.png',
          contentType: 'image/png',
          size: 2048,
          url: 'http://uploads.test/bucket/attachments/app-1/f1?X-Amz-Signature=abc',
        },
        {
          id: 'f2',
          fileName: 'statement.pdf',
          contentType: 'application/pdf',
          size: 3 * 1024 * 1024,
          url: 'http://uploads.test/bucket/attachments/app-1/f2?X-Amz-Signature=def',
        },
      ],
      createdAt: '2026-11-20T10:05:00.000Z',
    }),
  ],
  nextCursor: null,
};

const UPLOAD = {
  upload: { url: UPLOAD_URL, fields: { key: 'attachments/app-1/new', Policy: 'p', 'X-Amz-Signature': 's' } },
  expiresAt: '2026-11-20T11:00:00.000Z',
};

/** The bucket, beside the fake API: records each presigned POST's form and answers `status`. */
function fakeBucket(api: ReturnType<typeof fakeApi>, status = 204) {
  const forms: FormData[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input).startsWith(UPLOAD_URL)) {
      forms.push(init!.body as FormData);
      return new Response(
        status === 204 ? null : '<Error><Code>EntityTooLarge</Code><Message>too large</Message></Error>',
        { status },
      );
    }
    return api.fetch(input, init);
  });
  return forms;
}

function png(name = 'photo.png', size = 100): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

function choose(...files: File[]) {
  fireEvent.change(screen.getByLabelText('Attach files'), { target: { files } });
}

beforeAll(async () => {
  await setupTestI18n('en');
});
signedOutEachTest();
afterEach(cleanup);

describe('the application thread', () => {
  it('lists the messages oldest first, text as text, files as links, and says it was read', async () => {
    const api = fakeApi().answer(listMyMessages, ok(THREAD));
    const onRead = vi.fn();
    render(<ApplicationThread applicationId={APPLICATION} side="client" onRead={onRead} />);

    const list = await screen.findByRole('list', { name: 'Messages about this application' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('You');
    // The HTML arrives as the literal text it is: no element is made of it.
    expect(within(items[0]!).getByText(HTML_TEXT)).toBeTruthy();
    expect(list.querySelector('b, script')).toBeNull();
    expect(items[1]!.textContent).toContain('Exchange office');
    const receipt = within(items[1]!).getByRole('link', { name: 'Open receipt.png (2 KB)' });
    expect(receipt.getAttribute('href')).toBe(THREAD.items[1]!.attachments[0]!.url);
    expect(receipt.getAttribute('rel')).toBe('noopener noreferrer');
    expect(receipt.querySelector('img')?.getAttribute('src')).toBe(THREAD.items[1]!.attachments[0]!.url);
    const statement = within(items[1]!).getByRole('link', { name: 'Open statement.pdf (3 MB)' });
    expect(statement.querySelector('img')).toBeNull();
    expect(onRead).toHaveBeenCalledTimes(1);
    expect(api.requests(listMyMessages)[0]!.params).toEqual({ id: APPLICATION });
  });

  it('reads and writes through the admin routes on the staff side, naming the client', async () => {
    const api = fakeApi()
      .answer(adminListMessages, ok({ items: [message({ mine: false, text: 'Hi' })], nextCursor: null }))
      .answer(adminPostMessage, ok(message({ id: 'm9', from: 'staff', text: 'On it' })));
    render(<ApplicationThread applicationId={APPLICATION} side="staff" />);

    expect(await screen.findByText('Client')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'On it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent.')).toBeTruthy();
    expect(api.requests(adminPostMessage).map((request) => request.body)).toEqual([
      { text: 'On it', attachmentIds: [] },
    ]);
    expect(api.requests(adminCreateAttachment)).toEqual([]);
  });

  it('uploads each file by its presigned POST, fields first and the file last, then sends the ids', async () => {
    const api = fakeApi()
      .answer(listMyMessages, ok({ items: [], nextCursor: null }))
      .answer(createMyAttachment, ok({ id: 'up-1', ...UPLOAD }), ok({ id: 'up-2', ...UPLOAD }))
      .answer(postMyMessage, ok(message({ id: 'm3', text: 'Two files' })));
    const forms = fakeBucket(api);
    render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByText('No messages yet. Write if you have a question.');

    choose(png('a.png', 10), new File([new Uint8Array(20)], 'b.pdf', { type: 'application/pdf' }));
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '  Two files  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent.')).toBeTruthy();
    expect(api.requests(createMyAttachment).map((request) => request.body)).toEqual([
      { fileName: 'a.png', contentType: 'image/png', size: 10 },
      { fileName: 'b.pdf', contentType: 'application/pdf', size: 20 },
    ]);
    expect(forms.map((form) => [...form.keys()])).toEqual([
      ['key', 'Policy', 'X-Amz-Signature', 'file'],
      ['key', 'Policy', 'X-Amz-Signature', 'file'],
    ]);
    expect(api.requests(postMyMessage).map((request) => request.body)).toEqual([
      { text: 'Two files', attachmentIds: ['up-1', 'up-2'] },
    ]);
    expect(screen.getByText('Two files')).toBeTruthy();
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
  });

  it('refuses another type, a file over 5 MB and a sixth file before calling anything', async () => {
    const api = fakeApi().answer(listMyMessages, ok({ items: [], nextCursor: null }));
    render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByText('No messages yet. Write if you have a question.');

    choose(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText('anim.gif: attach a JPEG or PNG picture or a PDF.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove anim.gif' }));

    choose(png('huge.png', ATTACHMENT_MAX_BYTES + 1));
    expect(await screen.findByText('huge.png is larger than 5 MB.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove huge.png' }));

    choose(...Array.from({ length: 6 }, (_, index) => png(`p${index}.png`)));
    expect(await screen.findByText('A message may carry at most 5 files.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(api.requests(createMyAttachment)).toEqual([]);
    expect(api.requests(postMyMessage)).toEqual([]);
  });

  it('asks for a text or a file before sending an empty message', async () => {
    const api = fakeApi().answer(listMyMessages, ok({ items: [], nextCursor: null }));
    render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByText('No messages yet. Write if you have a question.');

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Write a message or attach a file.')).toBeTruthy();
    expect(api.requests(postMyMessage)).toEqual([]);
  });

  it('says which file the bucket refused, and sends no message', async () => {
    const api = fakeApi()
      .answer(listMyMessages, ok({ items: [], nextCursor: null }))
      .answer(createMyAttachment, ok({ id: 'up-1', ...UPLOAD }));
    fakeBucket(api, 400);
    render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByText('No messages yet. Write if you have a question.');

    choose(png('scan.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('scan.png could not be uploaded. Try again.')).toBeTruthy();
    expect(api.requests(postMyMessage)).toEqual([]);
  });

  it("words the server's refusal of a file in the UI language, and uploads it again on the next try", async () => {
    const api = fakeApi()
      .answer(listMyMessages, ok({ items: [], nextCursor: null }))
      .answer(createMyAttachment, ok({ id: 'up-1', ...UPLOAD }), ok({ id: 'up-2', ...UPLOAD }))
      .answer(
        postMyMessage,
        refused(400, 'The file scan.png is not a image/png file.', {
          code: 'UploadTypeMismatch',
          params: { id: 'up-1', fileName: 'scan.png', contentType: 'image/png' },
        }),
        ok(message({ id: 'm4', text: '' })),
      );
    const forms = fakeBucket(api);
    render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByText('No messages yet. Write if you have a question.');

    choose(png('scan.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The file scan.png is not really a image/png file. Attach a JPEG, PNG or PDF.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.requests(postMyMessage)).toHaveLength(2));
    expect(api.requests(postMyMessage)[1]!.body).toEqual({ text: '', attachmentIds: ['up-2'] });
    expect(forms).toHaveLength(2);
  });

  it('has no accessibility violations with messages, files and a problem shown', async () => {
    fakeApi().answer(listMyMessages, ok(THREAD));
    const { container } = render(<ApplicationThread applicationId={APPLICATION} side="client" />);
    await screen.findByRole('list', { name: 'Messages about this application' });
    choose(new File(['x'], 'anim.gif', { type: 'image/gif' }));
    await screen.findByText('anim.gif: attach a JPEG or PNG picture or a PDF.');

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });

    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
