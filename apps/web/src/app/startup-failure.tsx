import { useTranslation } from 'react-i18next';

/** Without the client configuration the app cannot sign anyone in; say so plainly and offer a reload. */
export function StartupFailure() {
  const { t } = useTranslation();
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 520, margin: '15vh auto', padding: 24 }}>
      <h1>{t('errors.genericTitle')}</h1>
      <p>{t('errors.configLoadFailed')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
