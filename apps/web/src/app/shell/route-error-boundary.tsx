import Button from '@mui/material/Button';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '@/lib/chunk-load';
import { FullPageMessage } from './full-page-message';
import { useDocumentTitle } from './route-frame';

/** A screen that failed to load or render: a clear message and a reload, never a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  useDocumentTitle(chunk ? t('errors.chunkTitle') : t('errors.genericTitle'));
  if (!chunk) console.error(error);
  return (
    <FullPageMessage message={chunk ? t('errors.chunkTitle') : t('errors.genericTitle')}>
      <p>{chunk ? t('errors.chunkBody') : t('errors.genericBody')}</p>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </FullPageMessage>
  );
}
