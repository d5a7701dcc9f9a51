import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRMWARE_LIMITS, fieldMessage, firmwareVersionProblem, UPGRADE_MODES } from '@heliograph/shared';
import { currentLang } from '../../i18n';

/** A form rule for one version or a list of them, as the server checks them (shared firmwareVersionProblem). */
export function useVersionRule(): { validator: (_: unknown, v?: string | string[]) => Promise<void> } {
  const lang = currentLang();
  return {
    validator: async (_: unknown, v?: string | string[]) => {
      for (const one of Array.isArray(v) ? v : v ? [v] : []) {
        const problem = firmwareVersionProblem(one);
        if (problem) throw new Error(fieldMessage(problem, lang));
      }
    },
  };
}

/**
 * The fields that describe a firmware (spec §3): brand, product, hardware version, EPN, label, the versions it
 * installs over, upgrade mode and change log. The upload form adds the software version (`version`), which never
 * changes afterwards; the detail's edit form shows the rest.
 */
export function DescriptionFields({
  labels,
  version,
}: {
  labels: { value: string; label: string }[];
  version?: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const versionRule = useVersionRule();
  const required = { required: true, whitespace: true, message: fieldMessage('required', lang) };
  return (
    <>
      <div className="hg-fw-pair">
        <Form.Item name="brand" label={t('firmware.brand')} rules={[required]}>
          <Input maxLength={FIRMWARE_LIMITS.textMax} />
        </Form.Item>
        <Form.Item name="product" label={t('firmware.product')} rules={[required]}>
          <Input maxLength={FIRMWARE_LIMITS.textMax} />
        </Form.Item>
        {version}
        <Form.Item name="hardwareVersion" label={t('firmware.hardwareVersion')}>
          <Input maxLength={FIRMWARE_LIMITS.textMax} />
        </Form.Item>
        <Form.Item name="epn" label={t('firmware.epn')}>
          <Input maxLength={FIRMWARE_LIMITS.textMax} />
        </Form.Item>
        <Form.Item name="labelId" label={t('firmware.label')}>
          <Select allowClear options={labels} notFoundContent={t('firmware.noLabels')} />
        </Form.Item>
      </div>
      <Form.Item
        name="compatibleVersions"
        label={t('firmware.compatibleVersions')}
        extra={t('firmware.compatibleHint')}
        rules={[versionRule]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} maxCount={FIRMWARE_LIMITS.compatibleMax} />
      </Form.Item>
      <Form.Item name="upgradeMode" label={t('firmware.upgradeMode')}>
        <Radio.Group
          options={UPGRADE_MODES.map((m) => ({ value: m, label: t(`firmware.mode.${m}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item name="changeLog" label={t('firmware.changeLog')}>
        <Input.TextArea rows={4} maxLength={FIRMWARE_LIMITS.changeLogMax} showCount />
      </Form.Item>
    </>
  );
}
