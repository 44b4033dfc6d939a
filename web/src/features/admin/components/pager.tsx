import { ADMIN_PAGE_SIZE } from '@shared/constants';
import { ChevronLeftIcon, ChevronRightIcon } from '@web/components/ui/icons';
import { useTranslation } from '@web/lib/i18n';
import { pageWindow } from '../lib/page-window';
import './pager.css';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous/next and a window of 5 page links around the current page (docs/product.md §2, §9). */
export function Pager({ page, totalPages, total, pageSize, onPage }: PagerProps) {
  const { t } = useTranslation('admin');
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const pages = pageWindow(page, totalPages);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <p className="pager__summary muted">{t('pager.summary', { from, to, total })}</p>
      {totalPages > 1 && (
        <ul className="pager__list">
          <li>
            <button
              type="button"
              className="pager__button"
              onClick={() => onPage(page - 1)}
              disabled={page <= 1}
              aria-label={t('pager.previous')}
            >
              <ChevronLeftIcon size={16} />
            </button>
          </li>
          {pages.map((number) => (
            <li key={number}>
              <button
                type="button"
                className="pager__button"
                aria-current={number === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: number })}
                onClick={() => onPage(number)}
              >
                {number}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="pager__button"
              onClick={() => onPage(page + 1)}
              disabled={page >= totalPages}
              aria-label={t('pager.next')}
            >
              <ChevronRightIcon size={16} />
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}

/** One page of a list the screen holds whole (it arrived at once), ADMIN_PAGE_SIZE rows a page. */
export function pageOf<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
}

/** The pager of a list the screen holds whole, paged by pageOf. */
export function ListPager({
  items,
  page,
  onPage,
}: {
  items: readonly unknown[];
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <Pager
      page={page}
      totalPages={Math.ceil(items.length / ADMIN_PAGE_SIZE)}
      total={items.length}
      pageSize={ADMIN_PAGE_SIZE}
      onPage={onPage}
    />
  );
}
