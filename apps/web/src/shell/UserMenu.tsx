import { BellOutlined, DownOutlined, LogoutOutlined, ReadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@heliograph/shared';
import { signOut } from '../api/auth';
import { displayRole } from '../i18n/roles';
import { useAvatarUrl } from '../features/account';
import { initials } from '../kit/initials';
import { usePermissions } from '../kit/permissions';

export function UserMenu({ user, readOnly, compact }: { user: UserInfo | null; readOnly: boolean; compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = user?.nickname || user?.account || '';
  const avatar = useAvatarUrl(user?.avatar);
  const { held } = usePermissions();
  // A company's customers and the members who do not manage its manuals read them here (those who manage
  // them have the company menu's page); accounts without a company have none.
  const readsManuals = !!user?.company && !held.has('company.manual');

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div className="hg-user-card">
          <div className="hg-user-card-name">{name}</div>
          {user?.account && user.account !== name ? <div className="hg-user-card-sub">{user.account}</div> : null}
          {user?.role ? <div className="hg-user-card-sub">{displayRole(user.role)}</div> : null}
        </div>
      ),
    },
    { type: 'divider' },
    ...(readOnly
      ? []
      : [
          {
            key: 'personal',
            icon: <UserOutlined />,
            label: <span data-testid="personal-settings">{t('shell.personalSettings')}</span>,
          },
        ]),
    {
      key: 'notifications',
      icon: <BellOutlined />,
      label: <span data-testid="notification-settings">{t('page.notifications')}</span>,
    },
    ...(readsManuals
      ? [
          {
            key: 'manuals',
            icon: <ReadOutlined />,
            label: <span data-testid="manuals-menu">{t('page.manuals')}</span>,
          },
        ]
      : []),
    {
      key: 'signout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="sign-out">{t('shell.signOut')}</span>,
    },
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'personal') navigate('/edit');
          if (key === 'notifications') navigate('/edit/notifications');
          if (key === 'manuals') navigate('/manuals');
          if (key === 'signout') void signOut();
        },
      }}
    >
      <button type="button" className="hg-user-trigger" data-testid="user-menu">
        {/* The button's name is its text (WCAG 2.5.3): the visible name, or on a phone a hidden label. */}
        <Avatar size={32} src={avatar ?? undefined} className="hg-avatar" aria-hidden>
          {initials(name)}
        </Avatar>
        {compact ? (
          <span className="hg-visually-hidden">{t('shell.userMenu', { name })}</span>
        ) : (
          <span className="hg-user-name">{name}</span>
        )}
        {compact ? null : <DownOutlined className="hg-user-caret" />}
      </button>
    </Dropdown>
  );
}
