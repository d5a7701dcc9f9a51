import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Popconfirm, Upload } from 'antd';
import { LIMITS, pictureTypeOf, type UserInfo } from '@heliograph/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { initials } from '../../kit/initials';
import { storeUserInfo } from './accountTab';
import { useAvatarUrl } from './useAvatarUrl';

/** Why a picture is refused before it is sent; the server checks the same (content, then size). */
async function avatarProblem(file: File): Promise<'type' | 'size' | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!pictureTypeOf(head)) return 'type';
  if (file.size > LIMITS.avatarBytes) return 'size';
  return null;
}

/** The avatar in the personal settings' header: the picture or the initials, change and remove. */
export function AvatarField({ user, readOnly }: { user: UserInfo; readOnly: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  const src = useAvatarUrl(user.avatar);
  const errorId = useId();
  const name = user.nickname || user.account;
  const mb = String(Math.round(LIMITS.avatarBytes / (1024 * 1024)));

  async function upload(file: File): Promise<void> {
    const p = await avatarProblem(file);
    setProblem(p);
    if (p) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file);
      const info = await call('POST /user/:userId/avatar', { params: { userId: user.id }, form });
      storeUserInfo(info);
      void message.success(t('accountPersonal.avatar.saved'));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<void> {
    setBusy(true);
    try {
      storeUserInfo(await call('POST /user/:userId/avatar/remove', { params: { userId: user.id } }));
      void message.success(t('accountPersonal.avatar.removed'));
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="hg-account-avatar">
      <Avatar
        size={64}
        src={src ?? undefined}
        className="hg-avatar hg-avatar-large"
        alt={t('accountPersonal.avatar.alt', { name })}
        data-testid="account-avatar"
      >
        {initials(name)}
      </Avatar>
      {readOnly ? null : (
        <div className="hg-account-avatar-actions">
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button
              size="small"
              icon={<CameraOutlined />}
              loading={busy}
              aria-describedby={problem ? errorId : undefined}
              data-testid="avatar-change"
            >
              {user.avatar ? t('accountPersonal.avatar.change') : t('accountPersonal.avatar.upload')}
            </Button>
          </Upload>
          {user.avatar ? (
            <Popconfirm
              title={t('accountPersonal.avatar.removeConfirm')}
              okText={t('accountPersonal.avatar.remove')}
              cancelText={t('accountPersonal.cancel')}
              onConfirm={() => remove()}
            >
              <Button size="small" icon={<DeleteOutlined />} disabled={busy} data-testid="avatar-remove">
                {t('accountPersonal.avatar.remove')}
              </Button>
            </Popconfirm>
          ) : null}
          {problem ? (
            <div id={errorId} role="alert" className="hg-account-avatar-error">
              {problem === 'type' ? t('accountPersonal.avatar.wrongType') : t('accountPersonal.avatar.tooBig', { mb })}
            </div>
          ) : (
            <div className="hg-account-avatar-hint">{t('accountPersonal.avatar.hint', { mb })}</div>
          )}
        </div>
      )}
    </div>
  );
}
