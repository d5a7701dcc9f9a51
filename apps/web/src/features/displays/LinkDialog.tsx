import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Display } from './api';
import { displayUrl, type OpenStyle } from './displayUrl';

/**
 * A new display link, shown once (only its hash is kept): its address in each style, and one per monitor of
 * a spliced wall, each with a copy button.
 */
export function LinkDialog({
  display,
  token,
  onClose,
}: {
  display: Display | null;
  token: string | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const url = (style: OpenStyle, tile?: [number, number]) =>
    display && token ? displayUrl(display.id, style, { token, tile, origin }) : '';
  const tiles: [number, number][] = [];
  for (let r = 1; r <= (display?.rows ?? 1); r += 1)
    for (let c = 1; c <= (display?.cols ?? 1); c += 1) tiles.push([r, c]);
  return (
    <Modal
      open={!!display && !!token}
      title={t('displays.link.title', { name: display?.name ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('displays.link.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={720}
    >
      <Alert type="warning" showIcon message={t('displays.link.once')} style={{ marginBlockEnd: 16 }} />
      <Typography.Title level={5}>{t('displays.styles.single')}</Typography.Title>
      <Typography.Paragraph copyable className="hg-displays-link-url" data-testid="display-link-single">
        {url('single')}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('displays.styles.multipage')}</Typography.Title>
      <Typography.Paragraph copyable className="hg-displays-link-url" data-testid="display-link-multipage">
        {url('multipage')}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('displays.styles.spliced')}</Typography.Title>
      {tiles.map((tile) => (
        <div key={tile.join(',')}>
          <Typography.Text type="secondary">{t('displays.link.tile', { row: tile[0], col: tile[1] })}</Typography.Text>
          <Typography.Paragraph
            copyable
            className="hg-displays-link-url"
            data-testid={`display-link-spliced-${tile.join('-')}`}
          >
            {url('spliced', tile)}
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
