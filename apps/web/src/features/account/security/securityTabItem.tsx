import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TabsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountTabProps } from '../accountTab';
import { SecurityTab } from './SecurityTab';

function SecurityTabLabel(): React.JSX.Element {
  const { t } = useTranslation();
  return <span>{t('mfa.tab')}</span>;
}

/** The personal settings' "Two-step verification" tab (`?tab=security`), as one item of its Tabs. */
export function securityTabItem(props: AccountTabProps): NonNullable<TabsProps['items']>[number] {
  return {
    key: 'security',
    label: <SecurityTabLabel />,
    icon: <SafetyCertificateOutlined />,
    children: <SecurityTab {...props} />,
  };
}
