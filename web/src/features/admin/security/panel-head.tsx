import { Button } from '@web/components/ui/button';
import { useTranslation } from '@web/lib/i18n';
import type { Resource } from '@web/lib/use-resource';

/** A security panel's title (its `titleId` labels the section) and the button that reads it again. */
export function PanelHead({
  titleId,
  title,
  resource,
}: {
  titleId: string;
  title: string;
  resource: Pick<Resource<unknown>, 'reload' | 'loading' | 'data'>;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="security-panel__head">
      <h2 id={titleId} className="panel-title">
        {title}
      </h2>
      <Button
        variant="secondary"
        size="sm"
        onClick={resource.reload}
        loading={resource.loading && !!resource.data}
      >
        {t('common.refresh')}
      </Button>
    </div>
  );
}
