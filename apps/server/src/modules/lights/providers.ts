import { createHash } from 'node:crypto';
import type { LightProviderKey, ProviderBulb } from '@heliograph/shared';

/** What a provider answered when it could not do what was asked; the console answers lightProviderFailed. */
export class LightProviderError extends Error {
  constructor(readonly reason: 'tokenRejected' | 'unknownBulb' | 'unreachable') {
    super(reason);
  }
}

export interface BulbState {
  on: boolean;
  brightness: number;
}

/**
 * A smart-bulb provider (a cloud with OAuth 2.0 authorisation-code sign-in, e.g. a vendor's bulb cloud). The
 * console keeps the token the code is exchanged for encrypted and calls the provider with it; a real provider
 * plugs in by implementing this and being added to `lightProviders` (docs/acenter.md).
 */
export interface LightProvider {
  readonly key: LightProviderKey;
  /** Where the browser goes to consent; the provider sends it back to `redirect` with `code` and `state`. */
  authorisationUrl(state: string, redirect: string): string;
  /** The provider's token for a code it handed out. */
  exchangeCode(code: string): Promise<{ token: string }>;
  /** The account's bulbs. */
  listBulbs(token: string): Promise<Omit<ProviderBulb, 'provider'>[]>;
  setBulb(token: string, bulb: string, value: BulbState): Promise<void>;
  readBulb(token: string, bulb: string): Promise<BulbState>;
}

const digest = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

/**
 * A provider that runs in process: deterministic, no internet. Consent is given at once (the authorisation
 * URL is the console's own page with a code), the token is derived from the code, and each token's account
 * has four bulbs whose state lives in memory (off at 0 % until set).
 */
export class SimulatedLightProvider implements LightProvider {
  readonly key = 'simulated' as const;
  static readonly BULBS_PER_ACCOUNT = 4;
  private readonly states = new Map<string, BulbState>();

  authorisationUrl(state: string, redirect: string): string {
    const code = `sim-${digest(state, 16)}`;
    const q = new URLSearchParams({ lightProvider: this.key, code, state });
    return `${redirect}?${q.toString()}`;
  }

  async exchangeCode(code: string): Promise<{ token: string }> {
    if (!/^sim-[0-9a-f]{16}$/.test(code)) throw new LightProviderError('tokenRejected');
    return { token: this.tokenFor(code) };
  }

  /** The token of the account named `seed` (the demo links its company with it). */
  tokenFor(seed: string): string {
    return `simtok-${digest(seed, 32)}`;
  }

  private account(token: string): string {
    if (!/^simtok-[0-9a-f]{32}$/.test(token)) throw new LightProviderError('tokenRejected');
    return digest(token, 6);
  }

  async listBulbs(token: string): Promise<Omit<ProviderBulb, 'provider'>[]> {
    const account = this.account(token);
    return Array.from({ length: SimulatedLightProvider.BULBS_PER_ACCOUNT }, (_, i) => ({
      bulb: `sim-${account}-${i + 1}`,
      name: `Simulated bulb ${i + 1}`,
      model: i % 2 === 0 ? 'SIM-A19' : 'SIM-GU10',
    }));
  }

  private check(token: string, bulb: string): void {
    const account = this.account(token);
    const m = new RegExp(`^sim-${account}-(\\d+)$`).exec(bulb);
    const n = Number(m?.[1] ?? 0);
    if (n < 1 || n > SimulatedLightProvider.BULBS_PER_ACCOUNT) throw new LightProviderError('unknownBulb');
  }

  async setBulb(token: string, bulb: string, value: BulbState): Promise<void> {
    this.check(token, bulb);
    this.states.set(bulb, { ...value });
  }

  async readBulb(token: string, bulb: string): Promise<BulbState> {
    this.check(token, bulb);
    return { ...(this.states.get(bulb) ?? { on: false, brightness: 0 }) };
  }
}

export type LightProviders = Readonly<Record<LightProviderKey, LightProvider>>;

/** The providers of this server: the simulated one always (there is no real one configured yet). */
export function lightProviders(): LightProviders {
  return { simulated: new SimulatedLightProvider() };
}
