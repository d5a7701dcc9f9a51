import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: React.ReactNode;
  okText: string;
  /** While the answer is awaited the OK button spins. */
  saving: boolean;
  /** OK submits this form; its onFinish does the saving. */
  form: { submit: () => void };
  onClose: () => void;
  children: React.ReactNode;
}

/** A dialog around one form of a device page: OK submits the form, Cancel closes, nothing is kept on closing. */
export function FormModal({ open, title, okText, saving, form, onClose, children }: Props): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('batteries.common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
