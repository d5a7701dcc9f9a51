import dayjs from 'dayjs';

/** When a node last reported, in the browser's time (lora nodes carry no plant time zone of their own). */
export const formatLastSeen = (ms: number | null): string => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '--');
