import { EditOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { deviceAliasProblem } from '@heliograph/shared';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operationLogKey } from './commandApi';
import { FormModal, useFormSave } from './FormModal';

type RenameWord = 'button' | 'title' | 'save' | 'label' | 'help' | 'tooLong' | 'saved';

/**
 * The catalogue keys of a rename dialog: `<prefix>.<word>`, or the key named for a word the device's catalogue
 * keeps elsewhere (a shared "Save"). The title gets the serial number as `{{sn}}`.
 */
export type RenameWords = { prefix: string } & Partial<Record<RenameWord, string>>;

/** How one kind of device is renamed. */
export interface RenameSpec {
  save: (sn: string, alias: string) => Promise<unknown>;
  /** Queries that show the alias; the device's operation log is refreshed as well. */
  invalidate: (sn: string) => readonly QueryKey[];
  /** The button's test id; the field's is `<id>-input`. */
  'data-testid': string;
  words: RenameWords;
}

type Props = RenameSpec & { sn: string; alias: string | null };

/** The rename button of one kind of device, for its detail page: `<RenameButton sn={…} alias={…} />`. */
export function renameButtonFor(spec: RenameSpec) {
  return function RenameButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
    return <RenameDeviceButton sn={sn} alias={alias} {...spec} />;
  };
}

/** Rename a device (at most 32 bytes; empty clears the alias). */
export function RenameDeviceButton({
  sn,
  alias,
  save: send,
  invalidate,
  'data-testid': testId,
  words,
}: Props): React.JSX.Element {
  const { t } = useTranslation();
  const word = (w: RenameWord) => t(words[w] ?? `${words.prefix}.${w}`, { sn });
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const editor = useFormSave<{ alias: string }>(
    ['alias'],
    (v) => send(sn, v.alias),
    async () => {
      setOpen(false);
      void message.success(word('saved'));
      await Promise.all(
        [...invalidate(sn), operationLogKey(sn)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  );
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid={testId}>
        {word('button')}
      </Button>
      <FormModal open={open} title={word('title')} okText={word('save')} editor={editor} onClose={() => setOpen(false)}>
        <Form
          form={editor.form}
          layout="vertical"
          initialValues={{ alias: alias ?? '' }}
          onFinish={(v) => editor.save.mutate(v)}
        >
          <Form.Item
            name="alias"
            label={word('label')}
            extra={word('help')}
            rules={[
              {
                validator: async (_, v: string) => {
                  if (deviceAliasProblem(v ?? '')) throw new Error(word('tooLong'));
                },
              },
            ]}
          >
            <Input autoFocus maxLength={64} data-testid={`${testId}-input`} />
          </Form.Item>
        </Form>
      </FormModal>
    </>
  );
}
