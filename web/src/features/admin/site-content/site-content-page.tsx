import { SITE_BLOCKS, type SiteBlock, type SiteBlockEntry } from '@shared/contract/site-content';
import { LANGUAGES } from '@shared/enums';
import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import { useResource } from '@web/lib/use-resource';
import { useSearchParams } from 'react-router-dom';
import { adminApi } from '../api/admin-api';
import { DataTable } from '../components/data-table';
import { Loaded } from '../components/load-state';
import { PAGE_TITLE_ID, PageHeader } from '../components/page-header';
import { Changed } from '../components/row-editing';
import { formatDateTime } from '../lib/format';
import { BlockEditor } from './block-editor';
import { siteContentApi } from './site-content-api';
import { TickerCard } from './ticker-card';
import './site-content.css';

/** The query parameter naming the block being edited: the editor is a view of its own (the browser's back returns to the list). */
const BLOCK_PARAM = 'block';

function blockOf(param: string | null): SiteBlock | null {
  return SITE_BLOCKS.find((block) => block === param) ?? null;
}

/** Staff members' names by id, for who wrote a block (an id not found shows shortened). */
type StaffNames = ReadonlyMap<string, string>;

/**
 * The pages staff edit (docs/product.md "Pages staff edit"): the blocks of the public site, which
 * languages of each are written, when and by whom, and each block's editor (`?block=`); under the
 * blocks, the coins of the landing page's price ticker.
 */
export function SiteContentPage() {
  const { t, language } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const content = useResource((signal) => siteContentApi.list(signal), []);
  const staff = useResource((signal) => adminApi.managers(signal), []);
  const names: StaffNames = new Map(
    (staff.data ?? []).map((member) => [member.id, member.username ?? member.email]),
  );
  const block = blockOf(params.get(BLOCK_PARAM));

  return (
    <section className="admin-page site-content-page" aria-labelledby={PAGE_TITLE_ID}>
      <PageHeader title={t('pages.title')} />
      <p className="muted admin-page__lead">{t('pages.lead')}</p>
      <Loaded resource={content} errorTitle={t('pages.loadError')}>
        {(loaded) => (
          <>
            <p className="muted admin-page__lead">
              {loaded.publishedAt
                ? t('pages.publishedAt', { when: formatDateTime(loaded.publishedAt, language) })
                : t('pages.notPublished')}
            </p>
            {block ? (
              <BlockEditor
                key={block}
                block={block}
                entries={loaded.entries.filter((entry) => entry.block === block)}
                names={names}
                onSaved={content.reload}
              />
            ) : (
              <>
                <BlocksTable
                  entries={loaded.entries}
                  names={names}
                  busy={content.loading}
                  onEdit={(chosen) => setParams({ [BLOCK_PARAM]: chosen })}
                />
                <TickerCard coins={loaded.tickerCoins} choices={loaded.tickerCoinChoices} />
              </>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

interface BlocksTableProps {
  entries: SiteBlockEntry[];
  names: StaffNames;
  busy: boolean;
  onEdit: (block: SiteBlock) => void;
}

function BlocksTable({ entries, names, busy, onEdit }: BlocksTableProps) {
  const { t } = useTranslation('admin');
  const columns = [
    t('pages.list.block'),
    ...LANGUAGES.map((language) => t(`languages.${language}`)),
    t('pages.list.actions'),
  ];
  return (
    <DataTable columns={columns} items={[...SITE_BLOCKS]} caption={t('pages.list.title')} busy={busy}>
      {(block) => {
        const name = t(`pages.blocks.${block}.name`);
        return (
          <tr key={block}>
            <th scope="row">
              <span className="site-block__name">{name}</span>
              <span className="muted site-block__where">{t(`pages.blocks.${block}.where`)}</span>
            </th>
            {LANGUAGES.map((language) => {
              const entry = entries.find((item) => item.block === block && item.language === language);
              return (
                <td key={language}>
                  {entry ? (
                    <Changed at={entry.updatedAt} by={entry.updatedBy} name={names.get(entry.updatedBy)} />
                  ) : (
                    <span className="muted">{t('pages.list.builtIn')}</span>
                  )}
                </td>
              );
            })}
            <td>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('pages.list.editOf', { name })}
                onClick={() => onEdit(block)}
              >
                {t('pages.list.edit')}
              </Button>
            </td>
          </tr>
        );
      }}
    </DataTable>
  );
}
