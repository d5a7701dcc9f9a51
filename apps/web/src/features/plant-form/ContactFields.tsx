import { Form, Input } from 'antd';
import { plantContactFields, plantCreateSchema } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { schemaRule } from './fieldRules';
import { useLang } from './useLang';

/** The plant's contact person and phone, and (when creating) the owner's existing account. */
export function ContactFields({ withOwner }: { withOwner: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <div className="hg-pf-grid">
      <Form.Item
        name="contactName"
        label={t('plantForm.field.contactName')}
        rules={[schemaRule(plantContactFields.contactName, lang)]}
      >
        <Input maxLength={64} autoComplete="name" data-testid="pf-contact-name" />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('plantForm.field.contactPhone')}
        rules={[schemaRule(plantContactFields.contactPhone, lang)]}
      >
        <Input maxLength={32} type="tel" autoComplete="tel" data-testid="pf-contact-phone" />
      </Form.Item>
      {withOwner && (
        <Form.Item
          name="ownerAccount"
          label={t('plantForm.field.ownerAccount')}
          extra={t('plantForm.hint.ownerAccount')}
          rules={[schemaRule(plantCreateSchema.shape.ownerAccount, lang, { emptyIsMissing: true })]}
          className="hg-pf-wide"
        >
          <Input maxLength={128} type="email" autoComplete="off" data-testid="pf-owner" />
        </Form.Item>
      )}
    </div>
  );
}
