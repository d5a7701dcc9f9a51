import {
  CloudServerOutlined,
  LaptopOutlined,
  LockOutlined,
  MailOutlined,
  PhoneOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Alert, Button, Result, Skeleton, Tabs, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchUserInfo, USER_INFO_KEY } from '../../api/auth';
import { session } from '../../api/session';
import { AvatarField } from './AvatarField';
import { BasicInfoForm } from './BasicInfoForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { MigrationTab } from './MigrationTab';
import { PreferencesForm } from './PreferencesForm';
import { SessionsTab } from './SessionsTab';
import { securityTabItem } from './security/securityTabItem';
import { displayRole } from '../../i18n/roles';
import './account.css';

const TABS = ['basic', 'password', 'preferences', 'security', 'sessions', 'migration'] as const;
type TabKey = (typeof TABS)[number];

/** /edit — personal settings: basic info, password, personalisation (spec §2.3 "User info"). */
export default function PersonalSettingsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabKey)
    : 'basic';
  const {
    data: user,
    isLoading,
    refetch,
  } = useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: fetchUserInfo,
    placeholderData: session.getUserInfo() ?? undefined,
    // A settings page shows what the server holds now, not what was cached at sign-in.
    refetchOnMount: 'always',
  });

  if (!user && isLoading) {
    return (
      <div className="hg-page-card" aria-busy="true">
        <Skeleton avatar active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="hg-page-card">
        <Result
          status="warning"
          title={<h1 className="hg-result-title">{t('account.loadFailed')}</h1>}
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  }

  const readOnly = user.readOnly;
  const name = user.nickname || user.account;

  return (
    <div className="hg-account">
      <section className="hg-page-card hg-account-header" aria-labelledby="account-name">
        <AvatarField user={user} readOnly={readOnly} />
        <div className="hg-account-identity">
          <h1 id="account-name" className="hg-account-name">
            {name}
          </h1>
          <div className="hg-account-meta">
            <span>
              <MailOutlined aria-hidden="true" /> {user.email || user.account}
            </span>
            {user.phone ? (
              <span>
                <PhoneOutlined aria-hidden="true" /> <bdi>{user.phone}</bdi>
              </span>
            ) : null}
          </div>
          <div className="hg-account-tags">
            <Tag color="purple">{displayRole(user.role)}</Tag>
            {user.company ? <Tag>{user.company.name}</Tag> : null}
          </div>
        </div>
      </section>
      {readOnly ? <Alert type="info" showIcon title={t('account.readOnly')} className="hg-account-alert" /> : null}
      <section className="hg-page-card hg-account-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'basic' ? {} : { tab: key }, { replace: true })}
          items={[
            {
              key: 'basic',
              label: t('account.tabBasic'),
              icon: <UserOutlined />,
              children: <BasicInfoForm user={user} readOnly={readOnly} />,
            },
            {
              key: 'password',
              label: t('account.tabPassword'),
              icon: <LockOutlined />,
              children: <ChangePasswordForm user={user} readOnly={readOnly} />,
            },
            {
              key: 'preferences',
              label: t('account.tabPreferences'),
              icon: <SettingOutlined />,
              children: <PreferencesForm user={user} readOnly={readOnly} />,
            },
            securityTabItem({ user, readOnly }),
            {
              key: 'sessions',
              label: t('accountPersonal.tabSessions'),
              icon: <LaptopOutlined />,
              children: <SessionsTab />,
            },
            {
              key: 'migration',
              label: t('accountPersonal.tabMigration'),
              icon: <CloudServerOutlined />,
              children: <MigrationTab readOnly={readOnly} />,
            },
          ]}
        />
      </section>
    </div>
  );
}
