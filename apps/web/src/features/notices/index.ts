/** What the shell uses of notices: the live stream with the toast and dialogs, and the maintenance banner. */
export { NoticeShell } from './NoticeShell';
export { MaintenanceBanner } from './MaintenanceBanner';
