import { generateKeyPairSync } from 'node:crypto';
import type { CommandResult } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { testManifest, testSigner, upgradeCommand } from '../testing/manifest-signer.js';
import type { Download } from './upgrade-download.js';
import { UpgradeRunner } from './upgrade-runner.js';
import { trustedKeyFromPem, verifyUpgrade, type UpgradeSubject } from './upgrade-verify.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const GATEWAY: UpgradeSubject = { sn: 'GW10001001', kind: 'gateway', model: 'SIM-GW-4G', firmware: 'v2.4.1' };
const INVERTER: UpgradeSubject = { sn: 'INV10001001', kind: 'inverter', model: 'SIM-STR-5K-1P', firmware: 'V3.1.4' };
const SUBJECTS = [GATEWAY, INVERTER];

const platform = testSigner();
const stranger = testSigner();
const context = {
  trustedKey: trustedKeyFromPem(platform.publicKeyPem),
  now: NOW,
  subject: (sn: string) => SUBJECTS.find((s) => s.sn === sn),
};
const good = () => testManifest({ device: INVERTER.sn, model: INVERTER.model, expiresAt: NOW + 60_000 });

describe('verifyUpgrade', () => {
  it('passes a manifest signed by the trusted key, for a device of the gateway, its model, a newer version', () => {
    const manifest = good();
    const verdict = verifyUpgrade(upgradeCommand(manifest, platform), context);
    expect(verdict).toEqual({ ok: true, manifest, subject: INVERTER });
  });

  it('passes an upgrade of the gateway itself', () => {
    const manifest = testManifest({ device: GATEWAY.sn, model: GATEWAY.model, kind: 'gateway', version: 'v2.5.0' });
    expect(verifyUpgrade(upgradeCommand(manifest, platform), context).ok).toBe(true);
  });

  const refusals: [string, () => Parameters<typeof verifyUpgrade>, string][] = [
    [
      'a tampered manifest text',
      () => {
        const m = good();
        const text = JSON.stringify({ ...m, url: 'http://evil.example/image' });
        return [upgradeCommand(m, platform, { text }), context];
      },
      'bad signature',
    ],
    ['a manifest signed by another key', () => [upgradeCommand(good(), stranger), context], 'bad signature'],
    [
      'any manifest when no key is trusted',
      () => [upgradeCommand(good(), platform), { ...context, trustedKey: undefined }],
      'bad signature',
    ],
    [
      'a signed manifest under another command id',
      () => [{ ...upgradeCommand(good(), platform), cmdId: 'upg-someone-else' }, context],
      'bad signature',
    ],
    [
      'a signed text that is not a manifest',
      () => {
        const text = JSON.stringify({ hello: 'world' });
        return [{ cmdId: 'upg-x', params: { manifest: text, signature: platform.sign(text) } }, context];
      },
      'bad signature',
    ],
    ['an expired manifest', () => [upgradeCommand({ ...good(), expiresAt: NOW - 1 }, platform), context], 'expired'],
    [
      'a device that is not behind this gateway',
      () => [upgradeCommand({ ...good(), device: 'INV99999999' }, platform), context],
      'unknown device',
    ],
    [
      'an image for another model',
      () => [upgradeCommand({ ...good(), model: 'SIM-STR-10K-3P' }, platform), context],
      'wrong model',
    ],
    [
      'an image for another kind of device of the same model name',
      () => [upgradeCommand({ ...good(), kind: 'battery' }, platform), context],
      'wrong model',
    ],
    ['an older version', () => [upgradeCommand({ ...good(), version: 'V3.0.9' }, platform), context], 'downgrade'],
    ['the same version', () => [upgradeCommand({ ...good(), version: 'v3.1.4' }, platform), context], 'downgrade'],
  ];

  for (const [what, args, error] of refusals) {
    it(`refuses ${what} with '${error}'`, () => {
      expect(verifyUpgrade(...args())).toEqual({ ok: false, error });
    });
  }

  it('will not trust a key that is not Ed25519', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => trustedKeyFromPem(pem)).toThrow(/Ed25519/);
  });
});

describe('a refused upgrade fetches nothing', () => {
  for (const [what, args, error] of runnerCases()) {
    it(`${what}: answered failed '${error}', download called 0 times`, async () => {
      const published: CommandResult[] = [];
      let downloads = 0;
      const download: Download = async () => {
        downloads++;
        return Buffer.alloc(0);
      };
      const [command, ctx] = args();
      const runner = new UpgradeRunner(
        {
          now: () => ctx.now,
          subject: ctx.subject,
          installed: () => {},
          publish: (r) => published.push(r),
          log: () => {},
        },
        { manifestKey: ctx.trustedKey ? platform.publicKeyPem : undefined, download },
      );
      runner.handle(command);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(published).toEqual([{ cmdId: command.cmdId, status: 'failed', error }]);
      expect(downloads).toBe(0);
      expect(runner.busy).toBe(false);
    });
  }
});

/** The cases a runner sees (whole commands: the tampered text, other keys, the device checks). */
function runnerCases(): [string, () => [ReturnType<typeof upgradeCommand>, typeof context], string][] {
  return [
    [
      'tampered manifest',
      () => {
        const m = good();
        return [upgradeCommand(m, platform, { text: JSON.stringify({ ...m, version: 'V9.9.9' }) }), context];
      },
      'bad signature',
    ],
    ['wrong key', () => [upgradeCommand(good(), stranger), context], 'bad signature'],
    [
      'no trusted key',
      () => [upgradeCommand(good(), platform), { ...context, trustedKey: undefined }],
      'bad signature',
    ],
    [
      'expired',
      () => [upgradeCommand({ ...good(), expiresAt: NOW - 1 }, platform, { expiresAt: NOW + 1 }), context],
      'expired',
    ],
    [
      'unknown device',
      () => [upgradeCommand({ ...good(), device: 'MTR99999999' }, platform), context],
      'unknown device',
    ],
    ['wrong model', () => [upgradeCommand({ ...good(), model: 'SIM-MI-800' }, platform), context], 'wrong model'],
    ['downgrade', () => [upgradeCommand({ ...good(), version: 'V2.0' }, platform), context], 'downgrade'],
    ['same version', () => [upgradeCommand({ ...good(), version: 'V3.1.4' }, platform), context], 'downgrade'],
  ];
}
