import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online or offline as the master's connection says, with the word (never colour alone). */
export function OnlineTag({ online }: { online: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Tag color={online ? 'success' : 'default'} data-online={online}>
      {t(`listKit.status.${online ? 'online' : 'offline'}`)}
    </Tag>
  );
}
