import { Button, Result } from 'antd';

interface Props {
  title: string;
  retry: () => unknown;
  retryText: string;
  /** On a page of its own: in a page card. */
  card?: boolean;
}

/** Something could not be loaded: say so and offer to try again. */
export function LoadFailed({ title, retry, retryText, card = false }: Props): React.JSX.Element {
  const result = (
    <Result status="warning" title={title} extra={<Button onClick={() => void retry()}>{retryText}</Button>} />
  );
  return card ? <section className="hg-page-card">{result}</section> : result;
}
