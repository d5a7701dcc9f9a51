import { AwsClient } from 'aws4fetch';

/** Where an S3-compatible store is (S3_* variables; docs/operations.md "Files"). */
export interface ObjectStoreConfig {
  /** The service's origin, e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Bytes by key in a bucket. The database keeps what a file is; this keeps only its bytes. */
export interface ObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>;
  /** Gone afterwards, whether or not it was there. */
  delete(key: string): Promise<void>;
  /** Throws an ObjectStoreError when the bucket cannot be reached with these credentials. */
  check(): Promise<void>;
}

export class ObjectStoreError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * An S3-compatible store (AWS S3, MinIO, Ceph, Garage, Cloudflare R2 …) reached with path-style URLs
 * (endpoint/bucket/key), which every one of them serves, signed with AWS Signature Version 4 (aws4fetch).
 * Retries are few and short: a request is waiting on the answer, and the caller reports a failure itself.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(
    readonly config: ObjectStoreConfig,
    opts: { retries?: number; initRetryMs?: number } = {},
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: opts.retries ?? 2,
      initRetryMs: opts.initRetryMs ?? 100,
    });
    this.base = `${config.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(config.bucket)}`;
  }

  private url(key: string): string {
    return `${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
    });
    await this.expect(res, 'store', key, [200]);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.client.fetch(this.url(key));
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    await this.expect(res, 'read', key, [200], false);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    await this.expect(res, 'delete', key, [200, 204, 404]);
  }

  async check(): Promise<void> {
    let res: Response;
    try {
      res = await this.client.fetch(this.base, { method: 'HEAD' });
    } catch (err) {
      throw new ObjectStoreError(
        `S3_ENDPOINT=${JSON.stringify(this.config.endpoint)} cannot be reached: ${reason(err)}`,
        0,
      );
    }
    if (res.status === 200) return;
    const why =
      res.status === 404
        ? 'the bucket does not exist'
        : res.status === 403 || res.status === 401
          ? 'the credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) are refused'
          : `it answered ${res.status}`;
    throw new ObjectStoreError(`S3_BUCKET=${JSON.stringify(this.config.bucket)} cannot be used: ${why}`, res.status);
  }

  /** Reads the S3 error's code (<Code>…</Code>) into the message; the body is consumed either way. */
  private async expect(res: Response, what: string, key: string, ok: number[], consume = true): Promise<void> {
    if (ok.includes(res.status)) {
      if (consume) await res.body?.cancel();
      return;
    }
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? '';
    throw new ObjectStoreError(`could not ${what} ${key} in the file store: ${res.status} ${code}`.trim(), res.status);
  }
}

function reason(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : err.message;
  }
  return String(err);
}
