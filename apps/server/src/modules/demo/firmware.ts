import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { simModels, type FirmwareKind } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { firmware, firmwareGrant, firmwareLabel, vendorKey } from '../../db/schema.js';
import type { FileStore, NewFile } from '../files/store.js';
import { parseVendorKey } from '../firmware/signing.js';

interface DemoImage {
  kind: FirmwareKind;
  product: string;
  versions: string[];
  hardwareVersion: string;
  label?: string;
}

/**
 * The newer versions each kind goes to. The simulated gateways report v2.4.1, inverters V3.1.4, batteries
 * BMS 2.0.7 and meters V1.8 (gateway-client.ts, shared demoIdentity): every model has its current version and
 * a newer released one; a few show a draft as well, so every state of the library shows.
 */
const VERSIONS: Record<'gateway' | 'inverter' | 'battery' | 'meter', { versions: string[]; draft: string }> = {
  gateway: { versions: ['2.4.1', '2.5.0'], draft: '2.6.0-beta1' },
  inverter: { versions: ['3.1.4', '3.2.0'], draft: '3.3.0-rc1' },
  battery: { versions: ['2.0.7', '2.1.0'], draft: '2.2.0-rc1' },
  meter: { versions: ['1.8', '1.9.2'], draft: '2.0.0-rc1' },
};
/** Models whose library also holds the draft. */
const WITH_DRAFT = new Set(['SIM-GW-4G', 'SIM-STR-125K-3P', 'SIM-HYB-5K-1P', 'SIM-BAT-10.2']);

function familyOf(kind: FirmwareKind, model: string): { hardwareVersion: string; label?: string } {
  if (kind === 'gateway') return { hardwareVersion: 'HW-B', label: 'Cellular' };
  if (model.startsWith('SIM-STR-')) return { hardwareVersion: 'V3', label: 'String' };
  if (model.startsWith('SIM-HYB-')) return { hardwareVersion: 'V2', label: 'Hybrid' };
  if (model.startsWith('SIM-MI-')) return { hardwareVersion: 'V1', label: 'Micro' };
  if (model === 'SIM-BAT-HV') return { hardwareVersion: 'BMS-HV' };
  if (kind === 'battery') return { hardwareVersion: 'BMS-2' };
  return { hardwareVersion: 'M1' };
}

/** One image list per model of the simulated fleet's catalogue (packages/shared fleet.ts). */
function demoImages(): DemoImage[] {
  const models = simModels();
  return (['gateway', 'inverter', 'battery', 'meter'] as const).flatMap((kind) =>
    models[kind].map((product) => ({
      kind,
      product,
      versions: [...VERSIONS[kind].versions, ...(WITH_DRAFT.has(product) ? [VERSIONS[kind].draft] : [])],
      ...familyOf(kind, product),
    })),
  );
}

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
  const pending: { image: DemoImage; i: number; labelId: string | null; file: NewFile; m: number }[] = [];
  for (const [m, image] of demoImages().entries()) {
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
      const bytes = createHash('sha512').update(`${image.product} ${version}`).digest();
      const content = Buffer.concat(Array.from({ length: 64 }, () => bytes));
      const name = `${image.product}_V${version}.bin`;
      pending.push({
        image,
        i,
        m,
        labelId,
        file: { kind: 'firmware', name, contentType: 'application/octet-stream', bytes: content },
      });
    }
  }
  // One statement each for the files, the library and its authorisations: the tests seed the demo in every file.
  const stored = await files.putMany(
    db,
    pending.map((p) => p.file),
  );
  // Made one after another as an upload would be: the library (newest first) lists the catalogue in its order,
  // each model's newest version on top, rather than a statement's rows in no order.
  const madeAt = Date.now();
  const rows = pending.flatMap(({ image, i, m, labelId, file }, k) => {
    const s = stored[k];
    if (!s) return [];
    const version = image.versions[i] ?? '';
    const draft = i === image.versions.length - 1 && WITH_DRAFT.has(image.product);
    return [
      {
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
        fileId: s.id,
        fileName: file.name,
        size: file.bytes.length,
        sha256: s.sha256,
        signature: sign(null, file.bytes, privateKey).toString('base64'),
        vendorKeyId: key.id,
        enabled: !draft,
        released: !draft,
        createdBy: opts.platformAdminId,
        createdAt: new Date(madeAt - (m * 10 + image.versions.length - i) * 1000),
      },
    ];
  });
  const made = await db.insert(firmware).values(rows).returning({ id: firmware.id, released: firmware.released });
  const grants = made
    .filter((f) => f.released)
    .map((f) => ({ firmwareId: f.id, companyId: opts.companyId, grantedBy: opts.platformAdminId }));
  if (grants.length) await db.insert(firmwareGrant).values(grants);
}
