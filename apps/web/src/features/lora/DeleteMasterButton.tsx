import { useTranslation } from 'react-i18next';
import { DeleteDeviceButton } from '../device-common/DeleteDeviceButton';
import { deleteLoraMaster, LIST_PATH, loraKeys, type LoraMasterDetail } from './loraApi';

/**
 * Delete a master node. Its child nodes go with it, so the confirmation names how many and which: nobody
 * should lose a meter's radio link without being told.
 */
export function DeleteMasterButton({ m }: { m: LoraMasterDetail }): React.JSX.Element {
  const { t } = useTranslation();
  const children = m.children.map((c) => c.sn);
  return (
    <DeleteDeviceButton
      sn={m.sn}
      listPath={LIST_PATH}
      remove={() => deleteLoraMaster(m.sn)}
      invalidate={loraKeys.all}
      forget={loraKeys.detail(m.sn)}
      testId="lora-delete"
      body={
        <div data-testid="lora-delete-body">
          <p>
            {children.length > 0
              ? t('lora.delete.withChildren', { n: children.length, list: children.join(', ') })
              : t('lora.delete.alone')}
          </p>
          <p>{t('lora.delete.after')}</p>
        </div>
      }
    />
  );
}
