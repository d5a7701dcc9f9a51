import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Bytes, registers or bits as text: always left to right (also in Hebrew), monospaced, with a copy button.
 */
export function HexText({ text, testId }: { text: string; testId?: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Typography.Text
      className="hg-tb-hex"
      dir="ltr"
      data-testid={testId}
      copyable={{ text, tooltips: [t('toolbox.copy'), t('toolbox.copied')] }}
    >
      {text}
    </Typography.Text>
  );
}
