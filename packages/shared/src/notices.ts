/**
 * The kinds of message a user's notice centre holds (spec §3 "Notice", §4 "Notice display in the shell").
 * The numbers are the spec's where it gives one: 1 maintenance (upgrade), 2 migration notice, 4 system notice
 * tip, 5/6/7 bulletins (announcement, notification, theme). 3 is ours: a device alarm opened or closed.
 */
export const MESSAGE_TYPE = {
  maintenance: 1,
  migration: 2,
  alarm: 3,
  systemNotice: 4,
  announcement: 5,
  notification: 6,
  theme: 7,
} as const;

export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];
