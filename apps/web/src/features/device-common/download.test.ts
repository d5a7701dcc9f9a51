// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, resetClientState } from '../../api/client';
import { setNotifier } from '../../api/notifier';
import { session } from '../../api/session';
import { downloadFile, XLSX_TYPE } from './download';

const toasts: string[] = [];
let urls: string[] = [];
let saved: string[] = [];

function answer(body: string, type: string, extra: Record<string, string> = {}, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': type, ...extra } });
}

function serve(res: () => Response): void {
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return res();
  });
}

beforeEach(() => {
  toasts.length = 0;
  urls = [];
  saved = [];
  resetClientState();
  session.clear();
  session.setLanguage('de');
  session.setToken({ access_token: 'A1', refresh_token: 'R1', token_type: 'bearer', expires_in: 900 });
  setNotifier({ error: (m) => toasts.push(m), serverDown: () => undefined });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('downloadFile', () => {
  it('saves an export under the name the server gives, sending the filters that are set and the language', async () => {
    serve(() => answer('xlsx', XLSX, { 'Content-Disposition': 'attachment; filename="meters-2026.xlsx"' }));
    await downloadFile('/api/v1/meters/download', {
      query: { q: 'MTR', status: '', plantId: undefined, page: 2 },
      accept: XLSX_TYPE,
      fallbackName: 'meters.xlsx',
    });
    expect(urls).toEqual(['/api/v1/meters/download?q=MTR&page=2&lan=de']);
    expect(saved).toEqual(['meters-2026.xlsx']);
  });

  it('saves a manual of any type under the fallback name when the server names none', async () => {
    serve(() => answer('%PDF', 'application/pdf'));
    await downloadFile('/api/v1/company/manual/7/file', { fallbackName: 'guide.pdf' });
    expect(urls).toEqual(['/api/v1/company/manual/7/file?lan=de']);
    expect(saved).toEqual(['guide.pdf']);
  });

  it('tells the server’s message and saves nothing when an envelope comes instead of the file', async () => {
    serve(() => answer(JSON.stringify({ code: 404, msg: 'Das gibt es nicht', data: null }), 'application/json'));
    const failed = downloadFile('/api/v1/company/manual/7/file', { fallbackName: 'guide.pdf' });
    await expect(failed).rejects.toMatchObject({ code: 404, notified: true });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['Das gibt es nicht']);
    expect(saved).toEqual([]);
  });

  it('refuses an answer that is not the accepted type', async () => {
    serve(() => answer('<html>', 'text/html', {}, 200));
    await expect(downloadFile('/x/download', { accept: XLSX_TYPE, fallbackName: 'x.xlsx' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(saved).toEqual([]);
  });
});
