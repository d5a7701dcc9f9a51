import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { S3ObjectStore } from '../../files/object-store.js';
import type { SecretBox } from '../../auth/secret-box.js';
import type { storageSpace } from '../../../db/schema.js';

type SpaceRow = Pick<typeof storageSpace.$inferSelect, 'id' | 'kind' | 'folder' | 's3' | 's3SecretCipher'>;

/** A storage space's bytes by object key (`<channelId>/<startedAt>.ts`). */
export interface SpaceStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** The root of a folder space: VIDEO_DIR/spaces/<folder>; a folder that would leave it is refused. */
export function folderRoot(videoDir: string, folder: string): string {
  const base = path.resolve(videoDir, 'spaces');
  const root = path.resolve(base, folder === '' ? '.' : folder);
  if (root !== base && !root.startsWith(base + path.sep)) throw new Error(`storage folder ${folder} leaves VIDEO_DIR`);
  return root;
}

class FolderStore implements SpaceStore {
  constructor(private readonly root: string) {}
  private file(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('object key leaves the space');
    return file;
  }
  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  async get(key: string): Promise<Buffer | undefined> {
    return readFile(this.file(key)).catch(() => undefined);
  }
  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** A bucket space: the files module's S3 client, keys below the space's prefix. */
class BucketStore implements SpaceStore {
  constructor(
    private readonly s3: S3ObjectStore,
    private readonly prefix: string,
  ) {}
  private key(key: string): string {
    return this.prefix === '' ? key : `${this.prefix.replace(/\/+$/, '')}/${key}`;
  }
  put(key: string, bytes: Buffer): Promise<void> {
    return this.s3.put(this.key(key), bytes, 'video/mp2t');
  }
  get(key: string): Promise<Buffer | undefined> {
    return this.s3.get(this.key(key));
  }
  delete(key: string): Promise<void> {
    return this.s3.delete(this.key(key));
  }
}

/** Opens spaces by row, caching one store per space (a changed row — new folder, new key — opens a new one). */
export class SpaceStores {
  private readonly cache = new Map<string, { sig: string; store: SpaceStore }>();

  constructor(private readonly deps: { videoDir: string; box: SecretBox }) {}

  async of(space: SpaceRow): Promise<SpaceStore> {
    const sig = JSON.stringify([space.kind, space.folder, space.s3, space.s3SecretCipher]);
    const hit = this.cache.get(space.id);
    if (hit?.sig === sig) return hit.store;
    let store: SpaceStore;
    if (space.kind === 's3' && space.s3 && space.s3SecretCipher) {
      const s3 = new S3ObjectStore({
        endpoint: space.s3.endpoint,
        bucket: space.s3.bucket,
        region: space.s3.region,
        accessKeyId: space.s3.accessKey,
        secretAccessKey: await this.deps.box.open(space.s3SecretCipher),
      });
      store = new BucketStore(s3, space.s3.prefix);
    } else {
      store = new FolderStore(folderRoot(this.deps.videoDir, space.folder));
    }
    this.cache.set(space.id, { sig, store });
    return store;
  }
}
