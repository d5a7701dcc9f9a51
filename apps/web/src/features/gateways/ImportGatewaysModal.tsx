import { useTranslation } from 'react-i18next';
import { routeUrl } from '../../api/call';
import { OneDeviceForm } from '../device-common/OneDeviceForm';
import { StockImportModal } from '../device-common/StockImportModal';
import { XlsxCheckedImport } from '../device-common/XlsxCheckedImport';
import { gatewayApi, gatewayKeys } from './gatewayApi';
import { problemKey } from './gatewaySignal';

/**
 * Add gateways to the company's stock: one by form, or many from an .xlsx. The file is checked first and each
 * row's problems are listed; it can be saved only when every row passes (the server saves all or none).
 */
export function ImportGatewaysModal({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const problemLabel = (p: string) => t(problemKey(p));
  return (
    <StockImportModal
      open={open}
      onClose={onClose}
      title={t('gateways.import.title')}
      width={680}
      data-testid="gateway-import"
      oneLabel={t('gateways.import.one')}
      batchLabel={t('gateways.import.batch')}
      one={
        <OneDeviceForm
          testIdPrefix="gateway-import"
          saveTestId="gateway-import-save-one"
          snLabel={t('gateways.field.sn')}
          keyLabel={t('gateways.field.key')}
          saveLabel={t('gateways.import.saveOne')}
          serialMessage={(p, field) =>
            p === 'required'
              ? problemLabel(field === 'sn' ? 'snMissing' : 'keyMissing')
              : problemLabel(field === 'sn' ? 'snCharacters' : 'keyCharacters')
          }
          problemLabel={problemLabel}
          savedMessage={(sn) => t('gateways.import.savedOne', { sn })}
          save={gatewayApi.importOne}
          invalidate={gatewayKeys.all}
          onDone={onClose}
        />
      }
      batch={
        <XlsxCheckedImport
          texts="gateways.import"
          testIdPrefix="gateway-import"
          snTitle={t('gateways.field.sn')}
          problemLabel={problemLabel}
          template={{ path: routeUrl('GET /gateways/import/template'), fileName: 'gateway-import.xlsx' }}
          check={gatewayApi.checkImport}
          save={gatewayApi.importBatch}
          invalidate={gatewayKeys.all}
          onDone={onClose}
          wrapProblems
        />
      }
    />
  );
}
