import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Quantity } from '../../components/Quantity';
import { versionApi, versionKeys, type VersionCheck } from './api';
import './versions.css';

/** Spec §9: the version dialog is 800 px wide. */
export const VERSION_DIALOG_WIDTH = 800;

/**
 * The shell's version dialog (spec §4): when a version newer than the one the user last acknowledged was
 * published (after the account existed), its notes show once; "Got it" stores the acknowledgement on the
 * server, so the dialog stays away on every device until the next version.
 */
export function VersionDialog(): React.JSX.Element | null {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: [...versionKeys.check, i18n.language],
    queryFn: versionApi.check,
    staleTime: Infinity,
    retry: false,
  });
  const acknowledge = useMutation({
    mutationFn: (id: string) => versionApi.acknowledge(id),
    onSettled: () => {
      queryClient.setQueriesData<VersionCheck>({ queryKey: versionKeys.check }, (old) =>
        old ? { ...old, show: false } : old,
      );
    },
  });
  const version = check.data?.show ? check.data.version : null;
  if (!version) return null;
  const close = () => acknowledge.mutate(version.id);
  return (
    <Modal
      open={!acknowledge.isSuccess}
      width={VERSION_DIALOG_WIDTH}
      title={t('versions.dialogTitle', { version: version.version })}
      onCancel={close}
      maskClosable={false}
      footer={
        <div className="hg-version-dialog-footer">
          <Link to="/systemupdate" onClick={close}>
            {t('versions.allUpdates')}
          </Link>
          <Button type="primary" onClick={close} loading={acknowledge.isPending} data-testid="version-dialog-ok">
            {t('versions.gotIt')}
          </Button>
        </div>
      }
    >
      <div data-testid="version-dialog">
        <p className="hg-versions-meta">
          <Quantity>{dayjs(version.publishedAt).format('YYYY-MM-DD')}</Quantity>
        </p>
        <div className="hg-versions-notes">{version.content}</div>
      </div>
    </Modal>
  );
}
