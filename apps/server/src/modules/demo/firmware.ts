import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import type { FirmwareKind } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { firmware, firmwareGrant, firmwareLabel, vendorKey } from '../../db/schema.js';
import type { FileStore } from '../files/store.js';
import { parseVendorKey } from '../firmware/signing.js';

interface DemoImage {
  kind: FirmwareKind;
  product: string;
  versions: string[];
  hardwareVersion: string;
  label?: string;
}

/** The simulated fleet's device models (apps/simulator/src/fleet/define.ts), two or three versions each. */
const IMAGES: DemoImage[] = [
  // The simulated gateways report v2.4.1, inverters V3.1.4, batteries BMS 2.0.7 and meters V1.8 (gateway-client.ts,
  // demo/identity.ts): each model has its current version, a newer released one, and a draft.
  {
    kind: 'gateway',
    product: 'SIM-GW-4G',
    versions: ['2.4.1', '2.5.0', '2.6.0-beta1'],
    hardwareVersion: 'HW-B',
    label: 'Cellular',
  },
  {
    kind: 'inverter',
    product: 'SIM-STR-125K-3P',
    versions: ['3.1.4', '3.2.0', '3.3.0-rc1'],
    hardwareVersion: 'V3',
    label: 'String',
  },
  { kind: 'inverter', product: 'SIM-HYB-5K-1P', versions: ['3.1.4', '3.2.0'], hardwareVersion: 'V2', label: 'Hybrid' },
  { kind: 'inverter', product: 'SIM-MI-800', versions: ['3.1.4'], hardwareVersion: 'V1', label: 'Micro' },
  { kind: 'battery', product: 'SIM-BAT-10.2', versions: ['2.0.7', '2.1.0', '2.2.0-rc1'], hardwareVersion: 'BMS-2' },
  { kind: 'meter', product: 'SIM-MTR-3P', versions: ['1.8', '1.9.2'], hardwareVersion: 'M1' },
];

/**
 * The demo firmware library (issue 13): a vendor key ("Heliograph Demo Vendor", generated here; its private
 * half is thrown away once the images are signed, as a real vendor's never reaches the platform), signed images
 * for the simulated fleet's models, labels, and the older versions enabled, released and authorised to the demo
 * company, the newest left as a draft, so every state of the library shows. The images are a few kilobytes of
 * deterministic bytes: the simulated devices do not run them.
 */
export async function seedDemoFirmware(
  db: Db,
  files: FileStore,
  opts: { companyId: string; platformAdminId: string | null },
) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const parsed = parseVendorKey(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  if (!parsed) throw new Error('the demo vendor key did not parse');
  const [key] = await db
    .insert(vendorKey)
    .values({
      name: 'Heliograph Demo Vendor',
      publicKey: parsed.pem,
      fingerprint: parsed.fingerprint,
      createdBy: opts.platformAdminId,
    })
    .returning({ id: vendorKey.id });
  if (!key) return;
  const labels = new Map<string, string>();
  for (const image of IMAGES) {
    let labelId: string | null = null;
    if (image.label) {
      const at = `${image.kind}/${image.label}`;
      if (!labels.has(at)) {
        const [l] = await db
          .insert(firmwareLabel)
          .values({ kind: image.kind, name: image.label })
          .returning({ id: firmwareLabel.id });
        if (l) labels.set(at, l.id);
      }
      labelId = labels.get(at) ?? null;
    }
    for (const [i, version] of image.versions.entries()) {
      const newest = i === image.versions.length - 1 && image.versions.length > 1;
      const bytes = createHash('sha512').update(`${image.product} ${version}`).digest();
      const content = Buffer.concat(Array.from({ length: 64 }, () => bytes));
      const fileName = `${image.product}_V${version}.bin`;
      const stored = await files.put(db, {
        kind: 'firmware',
        name: fileName,
        contentType: 'application/octet-stream',
        bytes: content,
      });
      const [row] = await db
        .insert(firmware)
        .values({
          kind: image.kind,
          brand: 'Heliograph Demo',
          product: image.product,
          epn: `HG-${image.kind.toUpperCase()}-${image.hardwareVersion}`,
          hardwareVersion: image.hardwareVersion,
          softwareVersion: version,
          compatibleVersions: image.versions.slice(0, i),
          changeLog:
            i === 0 ? 'First release for the simulated fleet.' : `Improvements over ${image.versions[i - 1] ?? ''}.`,
          labelId,
          fileId: stored.id,
          fileName,
          size: content.length,
          sha256: stored.sha256,
          signature: sign(null, content, privateKey).toString('base64'),
          vendorKeyId: key.id,
          enabled: !newest,
          released: !newest,
          createdBy: opts.platformAdminId,
        })
        .returning({ id: firmware.id });
      if (row && !newest)
        await db
          .insert(firmwareGrant)
          .values({ firmwareId: row.id, companyId: opts.companyId, grantedBy: opts.platformAdminId });
    }
  }
}
