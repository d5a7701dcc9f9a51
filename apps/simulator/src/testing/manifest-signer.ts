/**
 * For tests: a platform key pair and upgrade commands signed with it, as the console makes them (the
 * signature is over the manifest's exact JSON text, which travels as a string).
 */
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { UPGRADE_CMD_PREFIX, type GatewayCommand, type UpgradeManifest } from '@heliograph/shared';

export interface TestSigner {
  /** The public key, SPKI PEM: what a gateway is told to trust. */
  publicKeyPem: string;
  sign(text: string): string;
}

export function testSigner(): TestSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

/** A manifest with a fresh upgrade id; `over` replaces fields. */
export function testManifest(
  over: Partial<UpgradeManifest> & Pick<UpgradeManifest, 'device' | 'model'>,
): UpgradeManifest {
  return {
    upgradeId: randomUUID(),
    kind: 'inverter',
    version: 'V3.2.0',
    size: 1024,
    sha256: '0'.repeat(64),
    url: 'http://127.0.0.1:9/image',
    expiresAt: Date.UTC(2030, 0, 1),
    ...over,
  };
}

/**
 * The `upgrade` command for `manifest`, signed by `signer`. `text` replaces the manifest's JSON text after
 * signing (a tampered manifest).
 */
export function upgradeCommand(
  manifest: UpgradeManifest,
  signer: TestSigner,
  options: { text?: string; expiresAt?: number } = {},
): GatewayCommand {
  const text = JSON.stringify(manifest);
  return {
    cmdId: `${UPGRADE_CMD_PREFIX}${manifest.upgradeId}`,
    type: 'upgrade',
    device: manifest.device,
    params: { manifest: options.text ?? text, signature: signer.sign(text) },
    expiresAt: options.expiresAt ?? manifest.expiresAt,
  };
}

/** The `cancelUpgrade` command for an upgrade. */
export function cancelCommand(manifest: UpgradeManifest, expiresAt = manifest.expiresAt): GatewayCommand {
  return {
    cmdId: `upgc-${manifest.upgradeId}`,
    type: 'cancelUpgrade',
    device: manifest.device,
    params: { upgradeId: manifest.upgradeId },
    expiresAt,
  };
}
