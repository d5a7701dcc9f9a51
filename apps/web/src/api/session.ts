import { browserDefaultLang, isLang, type Lang, type TokenPair, type UserInfo } from '@heliograph/shared';

/**
 * Client session storage of spec §3, kept in localStorage under the spec's names: `user` (the token pair),
 * `userInfo`, `language`, `readOnly`, `version`. Two console-only preferences ride along.
 */
export const STORAGE_KEYS = {
  user: 'user',
  userInfo: 'userInfo',
  language: 'language',
  readOnly: 'readOnly',
  version: 'version',
  rememberedAccount: 'rememberedAccount',
  siderCollapsed: 'siderCollapsed',
} as const;

/** localStorage when it works (it throws in some private modes and does not exist in tests), else memory. */
const memory = new Map<string, string>();
function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    if (typeof localStorage !== 'undefined') {
      localStorage.getItem('');
      return localStorage;
    }
  } catch {
    // fall through to memory
  }
  return {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, String(v)),
    removeItem: (k) => void memory.delete(k),
  };
}

function readJson<T>(key: string): T | null {
  const raw = storage().getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function isTokenPair(value: unknown): value is TokenPair {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TokenPair).access_token === 'string' &&
    typeof (value as TokenPair).refresh_token === 'string'
  );
}

export const session = {
  getToken(): TokenPair | null {
    const value = readJson<unknown>(STORAGE_KEYS.user);
    return isTokenPair(value) ? value : null;
  },
  setToken(pair: TokenPair): void {
    storage().setItem(STORAGE_KEYS.user, JSON.stringify(pair));
  },
  isSignedIn(): boolean {
    return this.getToken() !== null;
  },
  getUserInfo(): UserInfo | null {
    return readJson<UserInfo>(STORAGE_KEYS.userInfo);
  },
  setUserInfo(info: UserInfo): void {
    storage().setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
    storage().setItem(STORAGE_KEYS.readOnly, info.readOnly ? '1' : '0');
  },
  isReadOnly(): boolean {
    return storage().getItem(STORAGE_KEYS.readOnly) === '1';
  },
  /** The saved language, or null when the visitor never chose one. */
  getSavedLanguage(): Lang | null {
    const value = storage().getItem(STORAGE_KEYS.language);
    return isLang(value) ? value : null;
  },
  setLanguage(lang: Lang): void {
    storage().setItem(STORAGE_KEYS.language, lang);
  },
  /** Spec §1: the saved choice, else the browser's language. */
  getLanguage(): Lang {
    const saved = this.getSavedLanguage();
    if (saved) return saved;
    if (typeof navigator === 'undefined') return 'en';
    const langs = navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en'];
    return browserDefaultLang(langs);
  },
  getVersion(): string | null {
    return storage().getItem(STORAGE_KEYS.version);
  },
  setVersion(version: string): void {
    storage().setItem(STORAGE_KEYS.version, version);
  },
  getRememberedAccount(): string {
    return storage().getItem(STORAGE_KEYS.rememberedAccount) ?? '';
  },
  setRememberedAccount(account: string | null): void {
    if (account) storage().setItem(STORAGE_KEYS.rememberedAccount, account);
    else storage().removeItem(STORAGE_KEYS.rememberedAccount);
  },
  getSiderCollapsed(): boolean {
    return storage().getItem(STORAGE_KEYS.siderCollapsed) === '1';
  },
  setSiderCollapsed(collapsed: boolean): void {
    storage().setItem(STORAGE_KEYS.siderCollapsed, collapsed ? '1' : '0');
  },
  /** Signing out clears the stored user data (spec §2.2); preferences (language, remembered account) stay. */
  clear(): void {
    for (const key of [STORAGE_KEYS.user, STORAGE_KEYS.userInfo, STORAGE_KEYS.readOnly]) storage().removeItem(key);
  },
};
