import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@heliograph/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../device-common/download';
import { reportApi, reportKeys, type ExportJob } from './api';

/** How often a running export's progress is asked for. */
const POLL_MS = 1_000;

/** One export's progress, then its download or the reason it failed. */
function ExportStatus({ jobId, format }: { jobId: string; format: ExportFormat }): React.JSX.Element {
  const { t } = useTranslation();
  const job = useQuery({
    queryKey: reportKeys.export(jobId),
    queryFn: () => reportApi.exportJob(jobId),
    refetchInterval: (q) => {
      const s = (q.state.data as ExportJob | undefined)?.status;
      return s === 'done' || s === 'failed' ? false : POLL_MS;
    },
  });
  const j = job.data;
  // An export opened from its notice says its own format once loaded.
  const kind = j?.format ?? format;
  if (!j) return <Progress percent={0} size="small" status="active" aria-label={t('reports.exporting')} />;
  if (j.status === 'failed')
    return (
      <Alert type="error" showIcon title={j.error ?? t('reports.exportFailed')} data-testid={`export-failed-${kind}`} />
    );
  if (j.status === 'done')
    return (
      <Button
        icon={<DownloadOutlined />}
        type="primary"
        data-testid={`export-download-${kind}`}
        onClick={() =>
          void downloadFile(reportApi.fileUrl(j.id), { fallbackName: j.fileName ?? `report.${kind}` }).catch(
            () => undefined,
          )
        }
      >
        {t('reports.download', { name: j.fileName ?? '' })}
      </Button>
    );
  return (
    <Progress
      percent={j.progress}
      size="small"
      status="active"
      aria-label={t('reports.exporting')}
      data-testid={`export-progress-${kind}`}
      style={{ minWidth: 160 }}
    />
  );
}

/** Export buttons of a report page: each starts a background export and follows it to its file. */
export function ExportButtons({
  configId,
  date,
  initialJob,
}: {
  configId: string;
  date: string;
  /** An export opened from its notice (…?export=<id>). */
  initialJob?: string | undefined;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [jobs, setJobs] = useState<Partial<Record<ExportFormat, string>>>({});
  const start = useMutation({
    mutationFn: (format: ExportFormat) => reportApi.startExport(configId, format, date),
    onSuccess: (job) => setJobs((j) => ({ ...j, [job.format]: job.id })),
  });
  return (
    <div className="hg-report-exports" data-testid="report-exports">
      {initialJob && !jobs.xlsx && !jobs.pdf && <ExportStatus jobId={initialJob} format="xlsx" />}
      {(['xlsx', 'pdf'] as const).map((format) => (
        <Space key={format} wrap>
          <Button
            icon={format === 'xlsx' ? <FileExcelOutlined /> : <FilePdfOutlined />}
            loading={start.isPending && start.variables === format}
            onClick={() => start.mutate(format)}
            data-testid={`export-${format}`}
          >
            {t(format === 'xlsx' ? 'reports.exportXlsx' : 'reports.exportPdf')}
          </Button>
          {jobs[format] && <ExportStatus key={jobs[format]} jobId={jobs[format]} format={format} />}
        </Space>
      ))}
    </div>
  );
}
