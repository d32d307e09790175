import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Refusal } from '@gridlens/contract/ingest';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { useDeviceRefusals } from '@/lib/api/ingest';
import { DataTable } from '@/lib/ui/data-table';

/** The reason codes the server files refusals under (the text before the first colon of the reason). */
const KNOWN_REASONS = ['invalid_json', 'invalid_field', 'unknown_device', 'device_mismatch', 'foreign_topic', 'unknown_topic'] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];
const isKnownReason = (code: string): code is KnownReason => (KNOWN_REASONS as readonly string[]).includes(code);

/** The reason's code and its detail (the server's own words, technical, shown as sent). */
function splitReason(reason: string): { code: string; detail: string } {
  const colon = reason.indexOf(':');
  return colon < 0 ? { code: reason, detail: '' } : { code: reason.slice(0, colon), detail: reason.slice(colon + 1).trim() };
}

type Row = Refusal & { index: number };

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.8125rem' } as const;

/**
 * The device's latest refused messages, under its messages: what it sent that was not stored and why, so that an
 * operator sees a misconfigured device (not JSON, a bad field, not registered, a wrong topic).
 */
export function RefusedMessages({ deviceId, timeZone, languageTag }: { deviceId: string; timeZone: string; languageTag: string }) {
  const { t } = useTranslation();
  const refusals = useDeviceRefusals(deviceId);
  const reasonLabel = (code: string) =>
    isKnownReason(code) ? t(`ingest.refusals.reasons.${code}`) : t('ingest.refusals.reasons.other', { code });

  if (refusals.isPending) return null;
  // Numbered: one batch's refusals share their time, and may share reason and payload.
  const items = (refusals.data?.items ?? []).map((refusal, index) => ({ ...refusal, index }));
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="asset-refusals">
      <Typography component="h3" variant="h6">
        {t('ingest.refusals.title', { total: formatNumber(items.length, languageTag, 0) })}
      </Typography>
      {refusals.isError ? (
        <Typography role="alert" color="error" sx={{ py: 1 }}>
          {t('ingest.refusals.failed')}
        </Typography>
      ) : items.length === 0 ? (
        <Typography sx={{ py: 1 }} color="text.secondary" data-testid="refusals-none">
          {t('ingest.refusals.none')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('ingest.refusals.hint')}
          </Typography>
          <DataTable
            label={t('ingest.refusals.table', { device: deviceId })}
            testId="refusals-table"
            columns={[
              {
                id: 'time',
                title: t('ingest.refusals.columns.time'),
                cell: (r: Row) => (
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(Date.parse(r.received_at), timeZone)}
                    <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                      {r.source.toUpperCase()}
                    </Box>
                  </Box>
                ),
              },
              {
                id: 'reason',
                title: t('ingest.refusals.columns.reason'),
                cell: (r: Row) => {
                  const { code, detail } = splitReason(r.reason);
                  return (
                    <>
                      <Box component="span" sx={{ fontWeight: 500 }}>
                        {reasonLabel(code)}
                      </Box>
                      {detail && (
                        <Box
                          component="span"
                          sx={{
                            ...mono,
                            display: 'block',
                            color: 'text.secondary',
                            maxWidth: 420,
                            whiteSpace: 'normal',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {detail.length > 160 ? `${detail.slice(0, 160)}…` : detail}
                        </Box>
                      )}
                    </>
                  );
                },
              },
              {
                id: 'payload',
                title: t('ingest.refusals.columns.payload'),
                cell: (r: Row) => (
                  <Box component="code" sx={{ ...mono, display: 'block', maxWidth: 560, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    {r.payload_excerpt}
                  </Box>
                ),
              },
            ]}
            rows={items}
            rowKey={(r) => r.index}
          />
        </>
      )}
    </Paper>
  );
}
