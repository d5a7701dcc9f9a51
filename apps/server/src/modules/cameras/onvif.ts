import { createHash, randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { StreamQuality } from '@heliograph/shared';

/**
 * Asks an ONVIF camera (Profile S) where its video is: GetCapabilities for the media service's address,
 * GetProfiles for the media profiles of each video source, GetStreamUri for the chosen profile's RTSP address.
 * Requests are SOAP 1.2 over HTTP with a WS-Security UsernameToken (password digest), as the ONVIF Core
 * Specification §5.12 asks of every client. Facts from the ONVIF Core and Media (ver10) specifications.
 *
 * The camera names addresses as it sees itself (often a private IP behind a router): the media service and
 * the stream keep only their path and query, on the host and ports the user gave.
 */

/** What GetStreamUri gave: the stream's path and query, or why not. */
export type OnvifAnswer =
  { ok: true; path: string } | { ok: false; state: 'wrongPassword' | 'unreachable' | 'noStream'; detail: string };

export interface OnvifCamera {
  host: string;
  /** The ONVIF web service's port (HTTP). */
  onvifPort: number;
  username: string;
  password: string;
}

export interface OnvifOptions {
  /** Wall-clock time for the UsernameToken's Created (the camera compares it with its own clock). */
  now: () => number;
  timeoutMs?: number;
}

const TIMEOUT_MS = 5_000;
const DEVICE_PATH = '/onvif/device_service';
const NS = {
  soap: 'http://www.w3.org/2003/05/soap-envelope',
  wsse: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  wsu: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  digest: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordDigest',
  base64: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary',
  device: 'http://www.onvif.org/ver10/device/wsdl',
  media: 'http://www.onvif.org/ver10/media/wsdl',
  schema: 'http://www.onvif.org/ver10/schema',
};

/** The password digest of WS-Security's UsernameToken profile: Base64(SHA-1(nonce + created + password)). */
export function passwordDigest(nonce: Buffer, created: string, password: string): string {
  return createHash('sha1')
    .update(Buffer.concat([nonce, Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')]))
    .digest('base64');
}

const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function envelope(body: string, cam: OnvifCamera, now: number): string {
  const nonce = randomBytes(16);
  const created = new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const security = cam.username
    ? `<s:Header><wsse:Security s:mustUnderstand="1" xmlns:wsse="${NS.wsse}" xmlns:wsu="${NS.wsu}">` +
      `<wsse:UsernameToken><wsse:Username>${xmlText(cam.username)}</wsse:Username>` +
      `<wsse:Password Type="${NS.digest}">${passwordDigest(nonce, created, cam.password)}</wsse:Password>` +
      `<wsse:Nonce EncodingType="${NS.base64}">${nonce.toString('base64')}</wsse:Nonce>` +
      `<wsu:Created>${created}</wsu:Created></wsse:UsernameToken></wsse:Security></s:Header>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="${NS.soap}">${security}<s:Body>${body}</s:Body></s:Envelope>`;
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: '@' });

type Xml = Record<string, unknown>;
const asList = (v: unknown): Xml[] => (Array.isArray(v) ? (v as Xml[]) : v && typeof v === 'object' ? [v as Xml] : []);
const child = (v: unknown, name: string): unknown => (v && typeof v === 'object' ? (v as Xml)[name] : undefined);
const text = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number'
    ? String(v)
    : typeof child(v, '#text') === 'string'
      ? String(child(v, '#text'))
      : '';

class OnvifFailure extends Error {
  constructor(
    readonly state: 'wrongPassword' | 'unreachable' | 'noStream',
    detail: string,
  ) {
    super(detail);
  }
}

/** One SOAP call: its Body's first element, or an OnvifFailure that says what went wrong. */
async function call(url: string, body: string, cam: OnvifCamera, o: OnvifOptions): Promise<Xml> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
      body: envelope(body, cam, o.now()),
      signal: AbortSignal.timeout(o.timeoutMs ?? TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    throw new OnvifFailure('unreachable', `ONVIF service did not answer: ${(err as Error).message}`);
  }
  const raw = await res.text().catch(() => '');
  let doc: unknown;
  try {
    doc = parser.parse(raw);
  } catch {
    doc = undefined;
  }
  const soapBody = child(child(doc, 'Envelope'), 'Body');
  const fault = child(soapBody, 'Fault');
  // A wrong user or password: HTTP 401 (cameras that want HTTP digest too) or the ter:NotAuthorized fault.
  if (res.status === 401 || (fault !== undefined && /NotAuthorized|Sender.*Auth|authori[sz]/i.test(raw))) {
    throw new OnvifFailure('wrongPassword', `ONVIF service refused the credentials (HTTP ${res.status})`);
  }
  if (!res.ok || fault !== undefined || !soapBody || typeof soapBody !== 'object') {
    throw new OnvifFailure('noStream', `ONVIF service answered HTTP ${res.status} without the expected answer`);
  }
  return soapBody as Xml;
}

/** `http://<host>:<port><path of the address the camera named>`: its own host may not be reachable from here. */
function onHost(address: string, cam: OnvifCamera): string {
  let path = DEVICE_PATH;
  try {
    const u = new URL(address);
    path = `${u.pathname}${u.search}`;
  } catch {
    // Not an address: the device service's own path.
  }
  const host = cam.host.includes(':') && !cam.host.startsWith('[') ? `[${cam.host}]` : cam.host;
  return `http://${host}:${cam.onvifPort}${path}`;
}

interface Profile {
  token: string;
  source: string;
  pixels: number;
}

/** The media profiles, in the camera's order, with their video source and resolution. */
function profilesOf(body: Xml): Profile[] {
  const answer = child(body, 'GetProfilesResponse');
  return asList(child(answer, 'Profiles')).flatMap((p) => {
    const token = typeof p['@token'] === 'string' ? p['@token'] : '';
    if (!token) return [];
    const source = text(child(child(p, 'VideoSourceConfiguration'), 'SourceToken'));
    const resolution = child(child(p, 'VideoEncoderConfiguration'), 'Resolution');
    const pixels = Number(text(child(resolution, 'Width'))) * Number(text(child(resolution, 'Height')));
    return [{ token, source, pixels: Number.isFinite(pixels) ? pixels : 0 }];
  });
}

/**
 * The profile of a channel at a quality: channel n is the n-th video source (in the order its profiles come);
 * its largest profile is the main stream, its smallest the sub stream (one profile serves both).
 */
export function chooseProfile(profiles: Profile[], channel: number, quality: StreamQuality): Profile | undefined {
  const sources = [...new Set(profiles.map((p) => p.source))];
  const source = sources[channel - 1];
  if (source === undefined) return undefined;
  const mine = profiles.filter((p) => p.source === source).sort((a, b) => b.pixels - a.pixels);
  return quality === 'main' ? mine[0] : mine[mine.length - 1];
}

/** A cached answer lives this long: a camera's profiles change when someone reconfigures it, rarely. */
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 1_000;
const cache = new Map<string, { path: string; until: number }>();

/**
 * The RTSP path (and query) of a channel at a quality, as the camera's ONVIF media service names it. Answers
 * what failed otherwise: `wrongPassword` (refused credentials), `unreachable` (no ONVIF service there),
 * `noStream` (it answered, but had no such channel or stream).
 */
export async function onvifStreamPath(
  cam: OnvifCamera,
  channel: number,
  quality: StreamQuality,
  o: OnvifOptions,
): Promise<OnvifAnswer> {
  const key = `${cam.host}|${cam.onvifPort}|${cam.username}|${channel}|${quality}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.until > now) return { ok: true, path: hit.path };
  try {
    const caps = await call(
      onHost(DEVICE_PATH, cam),
      `<GetCapabilities xmlns="${NS.device}"><Category>Media</Category></GetCapabilities>`,
      cam,
      o,
    );
    const capabilities = child(child(caps, 'GetCapabilitiesResponse'), 'Capabilities');
    const mediaAddress = text(child(child(capabilities, 'Media'), 'XAddr'));
    const media = onHost(mediaAddress || DEVICE_PATH, cam);
    const profile = chooseProfile(
      profilesOf(await call(media, `<GetProfiles xmlns="${NS.media}"/>`, cam, o)),
      channel,
      quality,
    );
    if (!profile) throw new OnvifFailure('noStream', `the camera has no media profile for channel ${channel}`);
    const uriAnswer = await call(
      media,
      `<GetStreamUri xmlns="${NS.media}"><StreamSetup><Stream xmlns="${NS.schema}">RTP-Unicast</Stream>` +
        `<Transport xmlns="${NS.schema}"><Protocol>RTSP</Protocol></Transport></StreamSetup>` +
        `<ProfileToken>${xmlText(profile.token)}</ProfileToken></GetStreamUri>`,
      cam,
      o,
    );
    const uri = text(child(child(child(uriAnswer, 'GetStreamUriResponse'), 'MediaUri'), 'Uri'));
    let path: string;
    try {
      const u = new URL(uri);
      if (u.protocol !== 'rtsp:') throw new Error('not rtsp');
      path = `${u.pathname}${u.search}`;
    } catch {
      throw new OnvifFailure('noStream', 'the camera named no RTSP address for the profile');
    }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, { path, until: now + CACHE_MS });
    return { ok: true, path };
  } catch (err) {
    if (err instanceof OnvifFailure) return { ok: false, state: err.state, detail: err.message };
    throw err;
  }
}

/** Forgets what the cache holds (tests that reconfigure a fake camera). */
export function forgetOnvifAnswers(): void {
  cache.clear();
}
