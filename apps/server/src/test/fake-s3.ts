import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible store for tests: one bucket, path-style URLs, PUT/GET/DELETE of objects and HEAD of the
 * bucket, and AWS Signature Version 4 checked here independently of the client's signer (so a request signed
 * with the wrong key, region or body is refused with S3's own error codes, as a real store would).
 */
export class FakeS3 {
  readonly objects = new Map<string, Buffer>();
  /** Every request, as `METHOD /path` (tests count what reached the store). */
  readonly requests: string[] = [];
  /** The next n requests are answered 500 InternalError (a store that is down). */
  failNext = 0;
  private server: Server | undefined;
  port = 0;

  constructor(
    readonly bucket: string,
    readonly accessKeyId: string,
    readonly secretAccessKey: string,
    readonly region = 'us-east-1',
  ) {}

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The S3_* variables that point the server at this store. */
  env(): Record<string, string> {
    return {
      S3_ENDPOINT: this.endpoint,
      S3_BUCKET: this.bucket,
      S3_REGION: this.region,
      S3_ACCESS_KEY_ID: this.accessKeyId,
      S3_SECRET_ACCESS_KEY: this.secretAccessKey,
    };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private handle(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    this.requests.push(`${method} ${path}`);
    if (this.failNext > 0) {
      this.failNext -= 1;
      return error(res, 500, 'InternalError');
    }
    const refused = this.checkSignature(req, method, path, body);
    if (refused) return error(res, 403, refused);
    const [, bucket = '', ...rest] = path.split('/');
    if (decodeURIComponent(bucket) !== this.bucket) return error(res, 404, 'NoSuchBucket');
    const key = rest.map(decodeURIComponent).join('/');
    if (!key) {
      if (method === 'HEAD') return void res.writeHead(200).end();
      return error(res, 405, 'MethodNotAllowed');
    }
    if (method === 'PUT') {
      this.objects.set(key, body);
      return void res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    }
    if (method === 'GET') {
      const o = this.objects.get(key);
      if (!o) return error(res, 404, 'NoSuchKey');
      return void res.writeHead(200, { 'content-length': o.length }).end(o);
    }
    if (method === 'DELETE') {
      this.objects.delete(key);
      return void res.writeHead(204).end();
    }
    return error(res, 405, 'MethodNotAllowed');
  }

  /** The S3 error code when the request's signature is not this store's, or undefined. */
  private checkSignature(req: IncomingMessage, method: string, path: string, body: Buffer): string | undefined {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return 'AccessDenied';
    const [, keyId = '', day = '', region = '', signedHeaders = '', signature = ''] = m;
    if (keyId !== this.accessKeyId) return 'InvalidAccessKeyId';
    if (region !== this.region) return 'AuthorizationHeaderMalformed';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex'))
      return 'XAmzContentSHA256Mismatch';
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const names = signedHeaders.split(';');
    const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
    const query = (req.url ?? '').split('?')[1] ?? '';
    const canonical = [method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
    let k: Buffer = hmac(`AWS4${this.secretAccessKey}`, day);
    for (const part of [region, 's3', 'aws4_request']) k = hmac(k, part);
    return hmac(k, toSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
  }
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text).digest();
}

function sha256hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function error(res: ServerResponse, status: number, code: string): void {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}
