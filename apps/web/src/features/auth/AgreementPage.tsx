import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../api/session';
import { StandalonePage } from '../../kit/StandalonePage';

/** The agreement's sections, in reading order; each has a heading and a body in every catalogue. */
export const AGREEMENT_SECTIONS = ['service', 'account', 'data', 'privacy', 'liability', 'changes'] as const;

/** /agreement: the user agreement (service, account, data, privacy, liability, changes). */
export default function AgreementPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandalonePage wide>
      <article className="hg-agreement" aria-labelledby="agreement-title">
        <Button
          type="link"
          icon={<ArrowLeftOutlined className="hg-flip-rtl" />}
          className="hg-agreement-back"
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(session.isSignedIn() ? '/' : '/login'))}
        >
          {t('common.back')}
        </Button>
        <Typography.Title level={1} id="agreement-title" className="hg-agreement-title">
          {t('agreement.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('agreement.updated')}</Typography.Paragraph>
        <Typography.Paragraph>{t('agreement.intro')}</Typography.Paragraph>
        {AGREEMENT_SECTIONS.map((section, i) => (
          <section key={section} aria-labelledby={`agreement-${section}`}>
            <Typography.Title level={2} id={`agreement-${section}`} className="hg-agreement-heading">
              {`${i + 1}. ${t(`agreement.${section}Title`)}`}
            </Typography.Title>
            <Typography.Paragraph>{t(`agreement.${section}Body`)}</Typography.Paragraph>
          </section>
        ))}
        <Typography.Paragraph type="secondary">{t('agreement.contact')}</Typography.Paragraph>
      </article>
    </StandalonePage>
  );
}
