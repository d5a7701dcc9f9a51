/** What the shell uses of console versions: the version dialog and the footer's running version. */
export { VersionDialog } from './VersionDialog';
export { RunningVersion } from './RunningVersion';
