import { DesktopOutlined, LogoutOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Popconfirm, Result, Skeleton, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSession } from '@heliograph/shared';
import { signOut } from '../../api/auth';
import { call } from '../../api/call';
import { currentLang } from '../../i18n';

const SESSIONS_KEY = ['user', 'sessions'] as const;

function when(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang === 'cn' ? 'zh-CN' : lang === 'po' ? 'pl' : lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

/** Active sign-ins: where the account is signed in, signing one out, or everywhere. */
export function SessionsTab(): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<string | null>(null);
  const lang = currentLang();
  const { data, isLoading, isError, refetch } = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => call('GET /user/sessions'),
    refetchOnMount: 'always',
  });

  async function endOne(s: UserSession): Promise<void> {
    setEnding(s.id);
    try {
      await call('POST /user/sessions/end', { body: { sessionId: s.id } });
      void message.success(t('accountPersonal.sessions.ended'));
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    } catch {
      // shown by the request layer
    } finally {
      setEnding(null);
    }
  }

  function endAll(includeThis: boolean): void {
    modal.confirm({
      title: includeThis
        ? t('accountPersonal.sessions.allConfirmTitle')
        : t('accountPersonal.sessions.othersConfirmTitle'),
      content: includeThis ? t('accountPersonal.sessions.allConfirm') : t('accountPersonal.sessions.othersConfirm'),
      okText: includeThis ? t('accountPersonal.sessions.endAll') : t('accountPersonal.sessions.endOthers'),
      okButtonProps: { danger: true },
      cancelText: t('accountPersonal.cancel'),
      onOk: async () => {
        await call('POST /user/sessions/endAll', { body: { includeThis } });
        if (includeThis) {
          await signOut();
          return;
        }
        void message.success(t('accountPersonal.sessions.othersEnded'));
        await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
      },
    });
  }

  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError || !data) {
    return (
      <Result
        status="warning"
        title={t('accountPersonal.sessions.loadFailed')}
        extra={<Button onClick={() => void refetch()}>{t('accountPersonal.retry')}</Button>}
      />
    );
  }
  const others = data.filter((s) => !s.current).length;
  return (
    <div className="hg-account-sessions" data-testid="sessions">
      <p className="hg-account-hint">{t('accountPersonal.sessions.hint')}</p>
      {data.length === 0 ? (
        <Empty description={t('accountPersonal.sessions.none')} />
      ) : (
        <List
          aria-label={t('accountPersonal.sessions.title')}
          dataSource={data}
          renderItem={(s) => (
            <List.Item
              data-testid="session-row"
              actions={
                s.current
                  ? []
                  : [
                      <Popconfirm
                        key="end"
                        title={t('accountPersonal.sessions.endConfirm')}
                        okText={t('accountPersonal.sessions.end')}
                        cancelText={t('accountPersonal.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => endOne(s)}
                      >
                        <Button
                          size="small"
                          loading={ending === s.id}
                          aria-label={t('accountPersonal.sessions.endOne', { ip: s.ip || '—' })}
                        >
                          {t('accountPersonal.sessions.end')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                avatar={s.source === 'app' ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />}
                title={
                  <Space size={8} wrap>
                    <span>{t(`accountPersonal.sessions.source.${s.source === 'app' ? 'app' : 'web'}`)}</span>
                    <bdi>{s.ip || '—'}</bdi>
                    {s.current ? <Tag color="green">{t('accountPersonal.sessions.thisDevice')}</Tag> : null}
                  </Space>
                }
                description={
                  <span>
                    {t('accountPersonal.sessions.started', { when: when(s.startedAt, lang) })}
                    {s.lastUsedAt
                      ? ` · ${t('accountPersonal.sessions.lastUsed', { when: when(s.lastUsedAt, lang) })}`
                      : ''}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Space wrap className="hg-account-sessions-actions">
        <Button
          icon={<LogoutOutlined />}
          disabled={others === 0}
          onClick={() => endAll(false)}
          data-testid="end-others"
        >
          {t('accountPersonal.sessions.endOthers')}
        </Button>
        <Button danger icon={<LogoutOutlined />} onClick={() => endAll(true)} data-testid="end-all">
          {t('accountPersonal.sessions.endAll')}
        </Button>
      </Space>
    </div>
  );
}
