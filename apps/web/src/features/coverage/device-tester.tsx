import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import RefreshIcon from '@mui/icons-material/Refresh';
import WarningIcon from '@mui/icons-material/Warning';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DeviceTest } from '@gridlens/contract/coverage';
import { formatDateTime } from '@gridlens/domain/date-format';
import { formatNumber } from '@gridlens/domain/number-format';
import { DEVICE_TEST_CHECKS, type CheckOutcome } from '@gridlens/domain/power/device-test';
import { resolveTemperatureMetric, temperatureInMetric, temperatureUnit } from '@gridlens/domain/temperature';
import { ApiRequestError } from '@/lib/api/api-client';
import { DEVICE_TEST_REFRESH_MS, useDeviceTest, useRecordDeviceTest } from '@/lib/api/coverage';
import { browserTimeZone } from '@/lib/api/config';
import { timeSinceText } from '@/lib/time-since-text';
import { DataTable, type DataColumn } from '@/lib/ui/data-table';
import { LoadFailed } from '@/lib/ui/load-failed';

type Message = DeviceTest['messages'][number];

const SEVERITY = { pass: 'success', warn: 'warning', fail: 'error' } as const;
const OUTCOME_ICON = {
  pass: <CheckCircleIcon color="success" />,
  warn: <WarningIcon color="warning" />,
  fail: <ErrorIcon color="error" />,
} as const;

/** The device id form and, once one is given (?device=), its test: kept fresh every 30 s while open. */
export function DeviceTester() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const deviceId = params.get('device')?.trim() || null;
  const [typed, setTyped] = useState(deviceId ?? '');
  const [missing, setMissing] = useState(false);
  const test = useDeviceTest(deviceId);
  const timeZone = browserTimeZone();
  // Installers may have no portal settings to read (the API turns them away), so the unit follows their time zone.
  const metric = resolveTemperatureMetric('', timeZone);
  const number = (value: number | null, decimals: number) => (value === null ? '–' : formatNumber(value, i18n.language, decimals));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = typed.trim();
    setMissing(id === '');
    if (id === '') return;
    if (id === deviceId) void test.refetch();
    else setParams({ device: id }, { replace: true });
  };

  const notFound = test.error instanceof ApiRequestError && test.error.status === 404;
  // The page has no sign-in guard, so a refusal stays here (app/route-access.ts) and is explained here.
  const refused = test.error instanceof ApiRequestError && test.error.status === 403 ? test.error.code : null;
  const columns: DataColumn<Message>[] = [
    { id: 'seq', title: t('assetDetail.messageColumns.seq'), numeric: true, cell: (m) => number(m.seq, 0) },
    { id: 'time', title: t('assetDetail.messageColumns.time'), cell: (m) => formatDateTime(Date.parse(m.time), timeZone) },
    { id: 'lqi', title: t('assetDetail.messageColumns.lqi'), numeric: true, cell: (m) => number(m.lqi, 0) },
    ...([0, 1, 2] as const).map((phase): DataColumn<Message> => ({
      id: `l${phase + 1}`,
      title: t(`assetDetail.messageColumns.maxL${phase + 1}`),
      numeric: true,
      cell: (m) => number(m.current_max_a[phase] ?? null, 1),
    })),
    {
      id: 'temperature',
      title: t('assetDetail.messageColumns.temperatureMax', { unit: temperatureUnit(metric) }),
      numeric: true,
      cell: (m) => number(m.temperature_max_c === null ? null : temperatureInMetric(m.temperature_max_c, metric), 1),
    },
    { id: 'battery', title: t('assets.columns.battery_pct'), numeric: true, cell: (m) => number(m.battery_pct, 0) },
  ];

  return (
    <>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          required
          label={t('assets.columns.device_id')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={missing}
          helperText={missing ? t('validation.required') : undefined}
          slotProps={{ htmlInput: { maxLength: 64, autoCapitalize: 'characters', 'data-testid': 'device-test-id' } }}
        />
        <Button type="submit" variant="contained" data-testid="device-test-run">
          {t('coverage.deviceTest.run')}
        </Button>
      </Box>

      {deviceId && test.isPending && <Typography role="status">{t('assetDetail.loadingTab')}</Typography>}
      {notFound && (
        <Alert severity="error" data-testid="device-test-not-found">
          {t('coverage.deviceTest.notFound', { device: deviceId })}
        </Alert>
      )}
      {refused !== null && (
        <Alert severity="warning" data-testid="device-test-refused">
          {t(refused === 'unknown_tenant' ? 'coverage.deviceTest.unknownTenant' : 'coverage.deviceTest.refused')}
        </Alert>
      )}
      {test.isError && !notFound && refused === null && <LoadFailed onRetry={() => void test.refetch()} />}
      {test.data && !test.isError && <TestResult test={test.data} onRefresh={() => void test.refetch()} refreshing={test.isFetching} />}
      {test.data && !test.isError && <RecordFitting key={test.data.device_id} deviceId={test.data.device_id} />}
      {test.data && !test.isError && test.data.messages.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="device-test-messages">
          <Typography id="device-test-messages" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('coverage.deviceTest.latestMessages')}
          </Typography>
          <DataTable
            label={t('coverage.deviceTest.latestMessages')}
            columns={columns}
            rows={test.data.messages}
            rowKey={(m) => m.seq}
            testId="device-test-messages"
          />
        </Paper>
      )}
    </>
  );
}

interface TestResultProps {
  test: DeviceTest;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The verdict, when the device was last heard, and each check with what its outcome means on site. */
function TestResult({ test, onRefresh, refreshing }: TestResultProps) {
  const { t, i18n } = useTranslation();
  const timeZone = browserTimeZone();
  const checkedMs = Date.parse(test.checked_at);
  const lastMs = test.last_message_at === null ? null : Date.parse(test.last_message_at);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="device-test-result" data-outcome={test.outcome}>
      <Alert severity={SEVERITY[test.outcome]} aria-live="polite">
        <AlertTitle>{t(`coverage.deviceTest.outcome.${test.outcome}`)}</AlertTitle>
        {t('coverage.deviceTest.device', { device: test.device_id, name: test.transformer_name })}{' '}
        {lastMs === null
          ? t('coverage.deviceTest.neverHeard')
          : t('coverage.deviceTest.lastHeard', {
              time: formatDateTime(lastMs, timeZone),
              since: timeSinceText(lastMs, checkedMs, i18n.language),
            })}
      </Alert>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="device-test-checks">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id="device-test-checks" component="h2" variant="h6" sx={{ flex: 1 }}>
            {t('coverage.deviceTest.checksTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('coverage.deviceTest.checkedAt', { time: formatDateTime(checkedMs, timeZone), seconds: DEVICE_TEST_REFRESH_MS / 1000 })}
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing} data-testid="device-test-refresh">
            {t('coverage.deviceTest.checkNow')}
          </Button>
        </Box>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {DEVICE_TEST_CHECKS.map((check) => {
            const outcome: CheckOutcome | null = test.checks[check];
            return (
              <Box
                component="li"
                key={check}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
                data-testid={`check-${check}`}
                data-outcome={outcome ?? 'none'}
              >
                {outcome ? OUTCOME_ICON[outcome] : <HelpIcon color="disabled" />}
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>
                    {t(`coverage.deviceTest.checks.${check}.label`)}
                    <Box component="span" sx={{ fontWeight: 400 }}>
                      {' · '}
                      {t(`coverage.deviceTest.outcomeWord.${outcome ?? 'none'}`)}
                    </Box>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`coverage.deviceTest.checks.${check}.${outcome ?? 'none'}`)}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * "Mark as fitted": the installer records the test as it stands now, which the rollout dashboard counts as the
 * device installed. The answer says when it was kept and whether every check passed; one not yet heard from is
 * still fitted, and waits in the dashboard's installed-but-silent queue.
 */
function RecordFitting({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const record = useRecordDeviceTest();
  const timeZone = browserTimeZone();
  const recorded = record.data;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} component="section" aria-labelledby="device-test-record">
      <Typography id="device-test-record" component="h2" variant="h6">
        {t('coverage.deviceTest.recordTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('coverage.deviceTest.recordHelp')}
      </Typography>
      <Box>
        <Button
          variant="contained"
          startIcon={<DoneAllIcon />}
          onClick={() => record.mutate({ deviceId, note: null })}
          loading={record.isPending}
          data-testid="device-test-mark-fitted"
        >
          {t('coverage.deviceTest.markFitted')}
        </Button>
      </Box>
      {recorded && (
        <Alert severity={recorded.passed ? 'success' : 'warning'} role="status" data-testid="device-test-recorded">
          {t(recorded.passed ? 'coverage.deviceTest.recordedPassed' : 'coverage.deviceTest.recordedNotPassed', {
            time: formatDateTime(Date.parse(recorded.recorded_at), timeZone),
          })}
        </Alert>
      )}
      {record.isError && (
        <Alert severity="error" data-testid="device-test-record-failed">
          {t('coverage.deviceTest.recordFailed')}
        </Alert>
      )}
    </Paper>
  );
}
