import { Modal, Tabs } from 'antd';
import { useState } from 'react';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  width: number;
  'data-testid': string;
  oneLabel: string;
  batchLabel: string;
  /** The form for one device (OneDeviceForm) and the .xlsx import (XlsxCheckedImport). */
  one: React.ReactNode;
  batch: React.ReactNode;
}

/** Adding devices to the company's stock (gateways, switches): one by form, or many from an .xlsx. */
export function StockImportModal({
  open,
  onClose,
  title,
  width,
  'data-testid': testId,
  oneLabel,
  batchLabel,
  one,
  batch,
}: Props): React.JSX.Element {
  const [tab, setTab] = useState('one');
  return (
    <Modal
      open={open}
      title={title}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      data-testid={testId}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'one', label: oneLabel, children: one },
          { key: 'batch', label: batchLabel, children: batch },
        ]}
      />
    </Modal>
  );
}
