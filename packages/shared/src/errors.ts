/**
 * The error catalogue of spec §8. Every code a response can carry is here, once; the messages in eight
 * languages live in ./messages/<lang>.ts under the same key. Codes the spec lists without a number
 * ("device offline", "resend within 1 minute", …) are given numbers from 1100 up so they can travel in the
 * `{code, data, msg}` envelope like the others; 404 and 500 are the envelope's codes for an unknown route
 * and a server fault.
 */
export const ERROR_CODES = {
  ok: 0,
  timeout: 1,
  noPermission: 2,
  validation: 4,
  captchaWrong: 5,
  captchaExpired: 6,
  coordinates: 10,
  accountDisabled: 101,
  badCredentials: 102,
  accountRegistered: 103,
  accountExists: 104,
  accountNotRegistered: 105,
  accountOtherCompany: 106,
  oldPasswordWrong: 108,
  agentExists: 202,
  companyNameDuplicate: 203,
  already: 207,
  gatewayKeyIncorrect: 300,
  gatewayUsed: 301,
  gatewayNotFound: 305,
  tokenInvalid: 401,
  notFound: 404,
  serverError: 500,
  inverterNotFound: 600,
  inverterSettingUnsupported: 601,
  plantNotFound: 700,
  shareSelf: 701,
  shareCompanyUser: 702,
  shareCompanyPlant: 703,
  roleLimit: 800,
  roleNameExists: 801,
  roleNotModifiable: 802,
  agentSelf: 900,
  agentInternal: 901,
  agentManager: 902,
  agentOfOthers: 903,
  firmwareNameDuplicate: 4000,
  firmwareLatest: 4001,
  firmwareVersionDuplicate: 4002,
  codeExists: 5000,
  // Messages the spec names without a number.
  codeResendTooSoon: 1101,
  codeDailyLimit: 1102,
  captchaRequired: 1103,
  employeeExists: 1104,
  alreadyCompanyCustomer: 1105,
  specialCharacters: 1106,
  browserUnsupported: 1107,
  tooManyRequests: 1108,
  deviceOffline: 1201,
  deviceUpgrading: 1202,
  commandSent: 1203,
  commandFailed: 1204,
  gridTypeError: 1205,
  batteryNotFound: 1206,
  batterySlaveUpgrade: 1207,
  firmwareNoLocalUpgrade: 1208,
  inverterNoCancel: 1209,
  stateForbidsCommand: 1210,
  inverterMustBeOnline: 1211,
  typeHasSubtypes: 1212,
  chooseMainTitle: 1213,
  fileGenerationFailed: 1214,
  importFailed: 1215,
  gatewayOtherCustomer: 1216,
  gatewayOtherRegion: 1217,
  gatewayUnusable: 1218,
  panelLimit: 1219,
  categoryHasChildren: 1220,
  labelExists: 1221,
  /** A configuration template of that name already exists in the company (names pick templates in lists). */
  templateNameExists: 1222,
  /** At most 6 device configuration profiles per company (spec §9; issue 14 item 8). */
  profileLimit: 1240,
  /** At most 6 config files in a device configuration profile (spec §9). */
  profileFileLimit: 1241,
  /** Profiles are picked by name, so two of one name in a company would be ambiguous. */
  profileNameExists: 1242,
  /** A company role still held by members cannot be deleted (issue 12, enterprise/roles). */
  roleInUse: 1230,
  /**
   * Only a company administrator (or a platform administrator) may make someone a company administrator,
   * change an administrator role's permissions, or change, disable, unbind or reset the second factor of an
   * administrator (issue 12: a member allowed to edit members or roles must not raise anyone to their level).
   */
  adminOnly: 1231,
  accountMigrating: 1301,
  accountMigrated: 1302,
  migrationRepeated: 1303,
  migrationFailed: 1304,
  migrationNotAllowed: 1305,
  migrationUnsupported: 1306,
  /** The target region of a migration is not one of this deployment's peers (REGIONS). */
  regionUnknown: 1307,
  /** Issue 12: the password was right; the sign-in finishes with a second factor. */
  mfaRequired: 1401,
  mfaCodeWrong: 1402,
  /** A scan-code login's code expired, was used, or never existed. */
  scanCodeInvalid: 1403,
  /** Two-step verification is already on: turn it off (with a code) before setting up another authenticator. */
  mfaAlreadyEnabled: 1404,
  /** An administrator requires two-step verification for the account: it cannot be turned off. */
  mfaStillRequired: 1405,
  /** A passkey's answer could not be verified (wrong or expired challenge, another account's, malformed). */
  passkeyRejected: 1406,
  /** This passkey is already registered (to this or another account). */
  passkeyExists: 1407,
  /** Issue 14: a protocol's code (its name) is unique on the platform. */
  protocolExists: 1501,
  /** Issue 17 point 6: the company has not linked an account at this bulb provider. */
  lightNotLinked: 1701,
  /** The bulb provider did not do what was asked (unreachable, refused the token, unknown bulb). */
  lightProviderFailed: 1702,
  /** This bulb is already bound to a plant. */
  bulbBound: 1703,
  /** The provider's sign-in came back with a state this console did not hand out (or too late). */
  oauthStateInvalid: 1704,
  /** A LoRa master node not in a plant cannot be shared. */
  loraShareUnbound: 1705,
  /** Issue 18: a company's storage spaces have unique names. */
  storageSpaceNameExists: 1801,
  /** A storage space cameras record into cannot be deleted: set those cameras to another space or to off first. */
  storageSpaceInUse: 1802,
  /** Issue 18 (camstream): this server already runs as many live streams as it may (MAX_STREAMS). */
  streamLimit: 1811,
  /** ffmpeg cannot be run on this server, so no live view or recording (FFMPEG_PATH). */
  ffmpegMissing: 1812,
} as const;

export type ErrorKey = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorKey];

const BY_CODE = new Map<number, ErrorKey>(
  (Object.entries(ERROR_CODES) as [ErrorKey, number][]).map(([key, code]) => [code, key]),
);

export function errorKeyOf(code: number): ErrorKey | undefined {
  return BY_CODE.get(code);
}

/** The response envelope every call returns (DESIGN §4). */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** One offending field in a code-4 answer. */
export interface FieldError {
  field: string;
  /** A message key in the error catalogue's `field` table, e.g. `passwordRule`. */
  rule: string;
  message: string;
}
