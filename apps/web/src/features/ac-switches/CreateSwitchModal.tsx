import { useTranslation } from 'react-i18next';
import { routeUrl } from '../../api/call';
import { OneDeviceForm } from '../device-common/OneDeviceForm';
import { StockImportModal } from '../device-common/StockImportModal';
import { XlsxCheckedImport } from '../device-common/XlsxCheckedImport';
import { switchApi, switchKeys } from './acSwitchApi';

/**
 * Add switches to the company's stock: one by form, or many from an .xlsx. The file is checked first and
 * each row's problems are listed; it can be saved only when every row passes (the server saves all or none).
 */
export function CreateSwitchModal({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const problemLabel = (p: string) => t(`acSwitches.import.problem.${p}`);
  return (
    <StockImportModal
      open={open}
      onClose={onClose}
      title={t('acSwitches.create.title')}
      width={640}
      data-testid="switch-create"
      oneLabel={t('acSwitches.create.one')}
      batchLabel={t('acSwitches.create.batch')}
      one={
        <OneDeviceForm
          testIdPrefix="switch-create"
          saveTestId="switch-create-save"
          snLabel={t('acSwitches.sn')}
          keyLabel={t('acSwitches.create.key')}
          saveLabel={t('acSwitches.create.save')}
          serialMessage={(p) =>
            t(p === 'noSpecialCharacters' ? 'acSwitches.create.lettersDigits' : `acSwitches.rule.${p}`)
          }
          problemLabel={problemLabel}
          savedMessage={(sn) => t('acSwitches.create.saved', { sn })}
          save={switchApi.create}
          invalidate={switchKeys.all}
          onDone={onClose}
        />
      }
      batch={
        <XlsxCheckedImport
          texts="acSwitches.import"
          testIdPrefix="switch-import"
          snTitle={t('acSwitches.sn')}
          problemLabel={problemLabel}
          template={{ path: routeUrl('GET /acSwitch/import/template'), fileName: 'ac-switch-import.xlsx' }}
          check={switchApi.checkImport}
          save={switchApi.importBatch}
          invalidate={switchKeys.all}
          onDone={onClose}
          className="hg-switch-import"
        />
      }
    />
  );
}
