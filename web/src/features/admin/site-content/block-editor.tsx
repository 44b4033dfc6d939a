import { SITE_BLOCK_MARKDOWN_MAX } from '@shared/constants';
import type { SiteBlock, SiteBlockEntry } from '@shared/contract/site-content';
import { LANGUAGES, type Language } from '@shared/enums';
import { shortId } from '@shared/ids';
import { Button, ButtonLink } from '@web/components/ui/button';
import { ChoiceButtons } from '@web/components/ui/choice-buttons';
import { TextAreaField } from '@web/components/ui/field';
import { useTranslation } from '@web/lib/i18n';
import { fieldErrorTexts } from '@web/lib/refusal-text';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { adminHref } from '../lib/admin-paths';
import { formatDateTime } from '../lib/format';
import { notify } from '../lib/notify';
import { siteContentApi } from './site-content-api';
// The preview shows the Markdown as the site's written blocks look.
import '@web/components/site-content/content-slot.css';

interface BlockEditorProps {
  block: SiteBlock;
  /** The block's written languages. */
  entries: SiteBlockEntry[];
  /** Staff members' names by id: who wrote a language. */
  names: ReadonlyMap<string, string>;
  /** After a save: the list (and when the pages took it) is read again. */
  onSaved: () => void;
}

/**
 * One block's Markdown, language by language (each draft kept while switching): previewed as the
 * server renders and sanitizes it, saved, or taken back to the site's built-in text after a
 * confirmation. The text's broken rule shows under it; any other refusal as a toast.
 */
export function BlockEditor({ block, entries, names, onSaved }: BlockEditorProps) {
  const { t, language: uiLanguage } = useTranslation('admin');
  const titleId = useId();
  const previewTitleId = useId();
  const [language, setLanguage] = useState<Language>(uiLanguage);
  const [drafts, setDrafts] = useState(
    () =>
      Object.fromEntries(
        LANGUAGES.map((each) => [each, entries.find((entry) => entry.language === each)?.markdown ?? '']),
      ) as Record<Language, string>,
  );
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | 'reset' | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);

  const entry = entries.find((item) => item.language === language);
  const draft = drafts[language];
  const name = t(`pages.blocks.${block}.name`);
  const languageName = t(`languages.${language}`);

  const chooseLanguage = (next: Language) => {
    setLanguage(next);
    setPreview(null);
    setError(null);
  };
  const edit = (markdown: string) => {
    setDrafts((current) => ({ ...current, [language]: markdown }));
    setError(null);
  };
  const fail = (failure: unknown, fallback: string) => {
    const fieldError = fieldErrorTexts(failure).markdown;
    if (fieldError) setError(fieldError);
    else notify.failure(failure, fallback);
  };

  const showPreview = async () => {
    setBusy('preview');
    try {
      setPreview(await siteContentApi.preview(draft));
    } catch (failure) {
      fail(failure, t('pages.editor.previewFailed'));
    } finally {
      setBusy(null);
    }
  };

  /** Saves the language's text; an empty one takes the block back to the built-in text. */
  const save = async (markdown: string) => {
    setBusy(markdown === '' ? 'reset' : 'save');
    try {
      const saved = await siteContentApi.save(block, { language, markdown });
      const done = saved.entry ? t('pages.editor.saved') : t('pages.editor.resetDone');
      notify.success(
        `${done} ${saved.published ? t('pages.editor.publishedNow') : t('pages.editor.publishedLater')}`,
      );
      if (!saved.entry) edit('');
      onSaved();
    } catch (failure) {
      fail(failure, t('pages.editor.failed'));
    } finally {
      setBusy(null);
      setConfirmingReset(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(draft);
  };

  return (
    <div className="stack">
      <p className="block-editor__back">
        <ButtonLink variant="ghost" size="sm" to={adminHref('pages')}>
          {t('pages.editor.back')}
        </ButtonLink>
      </p>
      <section className="card stack" aria-labelledby={titleId}>
        <div>
          <h2 className="panel-title" id={titleId}>
            {name}
          </h2>
          <p className="muted block-editor__where">{t(`pages.blocks.${block}.where`)}</p>
        </div>
        <ChoiceButtons
          legend={t('pages.editor.language')}
          options={LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
          value={language}
          onChange={chooseLanguage}
          className="segmented"
        />
        <p className="muted block-editor__state">
          {entry
            ? t('pages.editor.written', {
                when: formatDateTime(entry.updatedAt, uiLanguage),
                name: names.get(entry.updatedBy) ?? shortId(entry.updatedBy, 8),
              })
            : t('pages.editor.builtIn', { language: languageName })}
        </p>
        <form className="stack" onSubmit={submit} noValidate>
          <TextAreaField
            label={t('pages.editor.markdown', { language: languageName })}
            hint={t('pages.editor.hint', { length: draft.length, max: SITE_BLOCK_MARKDOWN_MAX })}
            error={error}
            value={draft}
            lang={language}
            rows={16}
            maxLength={SITE_BLOCK_MARKDOWN_MAX}
            className="textarea block-editor__markdown"
            onChange={(event) => edit(event.target.value)}
          />
          <div className="block-editor__actions">
            <Button
              variant="secondary"
              loading={busy === 'preview'}
              disabled={busy !== null || draft.trim() === ''}
              onClick={showPreview}
            >
              {t('pages.editor.preview')}
            </Button>
            <Button type="submit" loading={busy === 'save'} disabled={busy !== null || draft.trim() === ''}>
              {t('common.save')}
            </Button>
            {entry && (
              <Button variant="ghost" disabled={busy !== null} onClick={() => setConfirmingReset(true)}>
                {t('pages.editor.reset')}
              </Button>
            )}
          </div>
        </form>
      </section>
      {preview !== null && (
        <section className="card stack" aria-labelledby={previewTitleId}>
          <h2 className="panel-title" id={previewTitleId}>
            {t('pages.editor.previewTitle', { language: languageName })}
          </h2>
          <div
            className="content-slot block-editor__preview"
            data-content-custom=""
            lang={language}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitized it (functions/domain/site-content/markdown.ts).
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </section>
      )}
      <ConfirmDialog
        open={confirmingReset}
        title={t('pages.editor.resetTitle')}
        confirmLabel={t('pages.editor.resetConfirm')}
        busy={busy === 'reset'}
        onConfirm={() => void save('')}
        onClose={() => setConfirmingReset(false)}
      >
        <p>{t('pages.editor.resetText', { name, language: languageName })}</p>
      </ConfirmDialog>
    </div>
  );
}
