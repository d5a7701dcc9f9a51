import { useMutation } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';

/** The form a dialog submits and the call that saves it (useFormSave). */
export interface FormEditor {
  form: { submit: () => void };
  /** While the answer is awaited the OK button spins. */
  save: { isPending: boolean };
}

/**
 * A dialog's form and the call that saves it: the server's complaints about the fields named are shown on
 * those fields, anything else as the API client shows every error.
 */
export function useFormSave<V extends object>(
  fields: readonly string[],
  mutationFn: (values: V) => Promise<unknown>,
  onSuccess: () => unknown,
) {
  const [form] = Form.useForm<V>();
  const save = useMutation({ mutationFn, onSuccess, onError: (err) => applyServerErrors(form, err, fields) });
  return { form, save };
}

interface Props {
  open: boolean;
  title: React.ReactNode;
  okText: string;
  /** OK submits the editor's form; its onFinish does the saving. */
  editor: FormEditor;
  onClose: () => void;
  children: React.ReactNode;
}

/** A dialog around one form of a device page: OK submits the form, Cancel closes, nothing is kept on closing. */
export function FormModal({ open, title, okText, editor, onClose, children }: Props): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('batteries.common.cancel')}
      confirmLoading={editor.save.isPending}
      onOk={() => editor.form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
