/** Up to two initials: first letters of the first two words, or the first character of a CJK name. */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s._@-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  if (/[\u3000-\u9fff\uac00-\ud7af]/.test(first)) return first;
  const second = words.length > 1 ? (Array.from(words[1]!)[0] ?? '') : '';
  return (first + second).toUpperCase();
}
