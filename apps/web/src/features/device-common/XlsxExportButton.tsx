import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../../api/client';
import { downloadFile, XLSX_TYPE } from './download';

interface Props {
  /** The server's …/download route; it takes the same filters as the list. */
  path: string;
  query: Record<string, QueryValue>;
  fileName: string;
  disabled?: boolean;
  'data-testid': string;
}

/** "Export" above a device list: an .xlsx of the list's current filters, busy while it downloads. */
export function XlsxExportButton({ path, query, fileName, disabled, 'data-testid': testId }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      await downloadFile(path, { query, accept: XLSX_TYPE, fallbackName: fileName });
      void message.success(t('batteries.common.exported'));
    } catch {
      // The downloader has told the person why.
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={() => void onExport()}
      disabled={disabled}
      data-testid={testId}
    >
      {t('batteries.common.export')}
    </Button>
  );
}
