/**
 * Device configuration profiles (issue 14 item 8; spec §2.3 "Management: … device configuration", §5/§9 "up
 * to 6 profiles and 6 config files"): named profiles, each holding the configuration files a technician
 * hands to devices. The limits and the file rule are written once here, for the server and the page.
 */
export const DEVICE_PROFILE_LIMITS = {
  /** Spec §9: at most 6 profiles (per company, or the platform's own for platform administrators). */
  profiles: 6,
  /** Spec §9: at most 6 config files in a profile. */
  files: 6,
  /** The spec names no size: configuration files are small text, 1 MB is ample. */
  fileBytes: 1024 * 1024,
  nameMax: 32,
  fileNameMax: 100,
} as const;

/** The extensions a config file may have, with the content type it is served as. */
export const CONFIG_FILE_TYPES = {
  json: 'application/json',
  csv: 'text/csv',
  xml: 'application/xml',
  txt: 'text/plain',
  ini: 'text/plain',
  cfg: 'text/plain',
  conf: 'text/plain',
} as const;
export type ConfigFileExtension = keyof typeof CONFIG_FILE_TYPES;

/** What the file input's `accept` offers. */
export const CONFIG_FILE_ACCEPT = Object.keys(CONFIG_FILE_TYPES)
  .map((e) => `.${e}`)
  .join(',');

function isExtension(ext: string): ext is ConfigFileExtension {
  return Object.hasOwn(CONFIG_FILE_TYPES, ext);
}

/**
 * The content type of a config file judged by its content, or null when it is not one: UTF-8 text without
 * control characters other than tab, line feed and carriage return; a .json must parse as JSON and a .xml
 * must start with an element or an XML declaration. The extension picks the check, the content decides.
 */
export function configFileTypeOf(bytes: Uint8Array, fileName: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (!isExtension(ext) || bytes.length === 0) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return null;
  const body = text.replace(/^\ufeff/, '').trim();
  if (ext === 'json') {
    try {
      JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (ext === 'xml' && !body.startsWith('<')) return null;
  return CONFIG_FILE_TYPES[ext];
}
