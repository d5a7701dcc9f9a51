/**
 * The request client reports to the person through this seam, so it needs no React and no antd (and runs in
 * unit tests). The app installs the antd-backed implementation (src/shell/AntdBridge.tsx) at start-up.
 */
export interface Notifier {
  /** A toast with the server's translated message (spec §8). */
  error(message: string): void;
  /** "The server is not responding" confirm; `onOk` reloads, `onClose` runs however it closes. */
  serverDown(onOk: () => void, onClose: () => void): void;
}

let current: Notifier = {
  error: (message) => console.error(message),
  serverDown: (_onOk, onClose) => onClose(),
};

export function setNotifier(next: Notifier): void {
  current = next;
}

export function notifier(): Notifier {
  return current;
}
