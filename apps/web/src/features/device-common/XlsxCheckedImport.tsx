import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { DEVICE_LIMITS, type CheckedRow, type ImportAnswer } from '@heliograph/shared';
import { Alert, App, Button, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, XLSX_TYPE } from './download';
import { importVerdict } from './importAnswer';

interface Props {
  /**
   * Catalogue prefix of the texts, e.g. 'gateways.import': hint, template, onlyXlsx, pick, checking, empty,
   * allPass, someFail, row, problems, ok, save and saved under it.
   */
  texts: string;
  /** Test-id prefix: `<prefix>-template`, `-file`, `-verdict`, `-rows`, `-save`. */
  testIdPrefix: string;
  snTitle: string;
  problemLabel: (problem: string) => string;
  template: { path: string; fileName: string };
  check: (file: File) => Promise<ImportAnswer>;
  save: (file: File) => Promise<ImportAnswer>;
  invalidate: QueryKey;
  onDone: () => void;
  /** A plain block with this class instead of an antd vertical Space (the switch dialog's own layout). */
  className?: string;
  /** Several problems of a row wrap under each other, so a wide dialog never scrolls sideways. */
  wrapProblems?: boolean;
}

/**
 * Many devices from an .xlsx: the file is checked first and each row's problems are listed; it can be saved
 * only when every row passes (the server saves all or none).
 */
export function XlsxCheckedImport({
  texts,
  testIdPrefix,
  snTitle,
  problemLabel,
  template,
  check: sendCheck,
  save: sendSave,
  invalidate,
  onDone,
  className,
  wrapProblems,
}: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportAnswer | null>(null);
  const check = useMutation({ mutationFn: sendCheck, onSuccess: setChecked });
  const save = useMutation({
    mutationFn: sendSave,
    onSuccess: async (answer) => {
      if (answer.saved === 0) {
        setChecked(answer);
        return;
      }
      void message.success(t(`${texts}.saved`, { n: answer.saved }));
      await queryClient.invalidateQueries({ queryKey: invalidate });
      onDone();
    },
  });
  const { failing, allPass } = importVerdict(checked?.rows ?? []);
  const content = (
    <>
      <p className="hg-page-hint">{t(`${texts}.hint`, { max: DEVICE_LIMITS.importRowsMax })}</p>
      <Button
        icon={<DownloadOutlined />}
        onClick={() =>
          void downloadFile(template.path, { accept: XLSX_TYPE, fallbackName: template.fileName }).catch(
            () => undefined,
          )
        }
        data-testid={`${testIdPrefix}-template`}
      >
        {t(`${texts}.template`)}
      </Button>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (!/\.xlsx$/i.test(f.name)) {
            void message.error(t(`${texts}.onlyXlsx`));
            return Upload.LIST_IGNORE;
          }
          setFile(f);
          setChecked(null);
          check.mutate(f);
          return false;
        }}
        data-testid={`${testIdPrefix}-file`}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{file ? file.name : t(`${texts}.pick`)}</p>
      </Upload.Dragger>
      {check.isPending ? <Alert type="info" showIcon title={t(`${texts}.checking`)} /> : null}
      {checked ? (
        <>
          <Alert
            type={allPass ? 'success' : 'error'}
            showIcon
            data-testid={`${testIdPrefix}-verdict`}
            title={
              checked.rows.length === 0
                ? t(`${texts}.empty`)
                : allPass
                  ? t(`${texts}.allPass`, { n: checked.rows.length })
                  : t(`${texts}.someFail`, { n: failing, all: checked.rows.length })
            }
          />
          <Table<CheckedRow>
            size="small"
            rowKey="row"
            dataSource={checked.rows}
            pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid={`${testIdPrefix}-rows`}
            columns={[
              { key: 'row', title: t(`${texts}.row`), dataIndex: 'row', width: 64 },
              { key: 'sn', title: snTitle, dataIndex: 'sn', render: (v: string) => v || '--' },
              {
                key: 'problems',
                title: t(`${texts}.problems`),
                render: (_, r) =>
                  r.problems.length === 0 ? (
                    <Tag color="success">{t(`${texts}.ok`)}</Tag>
                  ) : wrapProblems ? (
                    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, maxWidth: 360 }}>
                      {r.problems.map((p) => (
                        <Tag color="error" key={p} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                          {problemLabel(p)}
                        </Tag>
                      ))}
                    </div>
                  ) : (
                    r.problems.map((p) => (
                      <Tag color="error" key={p}>
                        {problemLabel(p)}
                      </Tag>
                    ))
                  ),
              },
            ]}
          />
        </>
      ) : null}
      <Button
        type="primary"
        disabled={!allPass || !file}
        loading={save.isPending}
        onClick={() => file && save.mutate(file)}
        data-testid={`${testIdPrefix}-save`}
      >
        {t(`${texts}.save`, { n: checked?.rows.length ?? 0 })}
      </Button>
    </>
  );
  return className ? (
    <div className={className}>{content}</div>
  ) : (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {content}
    </Space>
  );
}
