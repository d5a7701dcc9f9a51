import dayjs from 'dayjs';

export const formatTime = (ms: number): string => dayjs(ms).format('YYYY-MM-DD HH:mm');
