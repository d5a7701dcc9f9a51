import { Button, Form, type FormProps } from 'antd';

export interface SubmitFormProps<V> extends Omit<FormProps<V>, 'children'> {
  busy: boolean;
  submitLabel: string;
  submitTestId: string;
  /** The button spans the form's width (the auth pages). */
  blockSubmit?: boolean;
  children: React.ReactNode;
}

/** A vertical form whose primary submit button, spinning while `busy`, comes last. */
export function SubmitForm<V>({
  busy,
  submitLabel,
  submitTestId,
  blockSubmit,
  children,
  ...formProps
}: SubmitFormProps<V>): React.JSX.Element {
  return (
    <Form<V> layout="vertical" {...formProps}>
      {children}
      <Button type="primary" htmlType="submit" block={blockSubmit} loading={busy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Form>
  );
}
