import { Select } from 'antd';

interface Props {
  /** What the filter narrows by: its placeholder and its accessible name alike. */
  label: string;
  value: string | undefined;
  onChange: (value?: string) => void;
  options: { value: string; label: string }[];
  minWidth?: number;
  testId?: string;
}

/** One filter of a list's toolbar: a clearable choice whose name is shown until something is chosen. */
export function FilterSelect({ label, value, onChange, options, minWidth = 160, testId }: Props): React.JSX.Element {
  return (
    <Select
      allowClear
      style={{ minWidth }}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={onChange}
      options={options}
      data-testid={testId}
    />
  );
}
