import { BulletinToast } from './BulletinToast';
import { ShellDialogs } from './ShellDialogs';
import { useMessagesLive } from './useMessagesLive';

/** What the shell shows of notices beside the badge: the live stream, the bulletin toast and the dialogs. */
export function NoticeShell(): React.JSX.Element {
  useMessagesLive();
  return (
    <>
      <BulletinToast />
      <ShellDialogs />
    </>
  );
}
