/** One segment of a live HLS playlist as ffmpeg writes it: `<seq>.ts` after its #EXTINF. */
export interface PlaylistEntry {
  name: string;
  seq: number;
  durationMs: number;
}

/** The segments a live playlist lists, oldest first (every listed one is finished: ffmpeg lists it after). */
export function parsePlaylist(text: string): PlaylistEntry[] {
  const out: PlaylistEntry[] = [];
  let duration: number | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) {
      duration = Number(inf[1]);
      continue;
    }
    const seg = /^(\d+)\.ts$/.exec(line);
    if (seg && duration !== null) {
      out.push({ name: line, seq: Number(seg[1]), durationMs: Math.round(duration * 1000) });
      duration = null;
    }
  }
  return out;
}

export interface StoredSegment {
  id: number;
  startedAt: number;
  durationMs: number;
}

/**
 * A VOD playlist of stored segments in order, each with its wall-clock start (#EXT-X-PROGRAM-DATE-TIME, so the
 * player's timeline shows the time of day) and a discontinuity where recording paused.
 */
export function vodPlaylist(segments: StoredSegment[]): string {
  const target = Math.max(2, ...segments.map((s) => Math.ceil(s.durationMs / 1000)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0'];
  lines.push('#EXT-X-PLAYLIST-TYPE:VOD');
  let end: number | null = null;
  for (const s of segments) {
    if (end !== null && Math.abs(s.startedAt - end) > GAP_MS) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startedAt).toISOString()}`);
    lines.push(`#EXTINF:${(s.durationMs / 1000).toFixed(3)},`, `${s.id}.ts`);
    end = s.startedAt + s.durationMs;
  }
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

/** Segments closer than this are one stretch of video (the recorder's times are good to a collect pass). */
export const GAP_MS = 1_500;

/** Consecutive segments merged into the stretches the timeline draws. */
export function spansOf(
  segments: (StoredSegment & { eventId: string | null })[],
): { from: number; to: number; eventId: string | null }[] {
  const spans: { from: number; to: number; eventId: string | null }[] = [];
  for (const s of segments) {
    const last = spans[spans.length - 1];
    const end = s.startedAt + s.durationMs;
    if (last && s.startedAt - last.to <= GAP_MS && last.eventId === s.eventId) {
      last.to = Math.max(last.to, end);
    } else {
      spans.push({ from: s.startedAt, to: end, eventId: s.eventId });
    }
  }
  return spans;
}
