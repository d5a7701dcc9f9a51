import dayjs from 'dayjs';

/** A file size in B, KB or MB (one decimal). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A moment in the viewer's own time zone, as spec §9 writes dates (YYYY-MM-DD HH:mm:ss). */
export function formatTime(ms: number): string {
  return dayjs(ms).format('YYYY-MM-DD HH:mm:ss');
}
