import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MESSAGE_TYPE, errorMessage, parseLang, reportText, type Lang, type Report } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { AppError } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { PdfDocument } from '../../pdf/document.js';
import type { FileStore } from '../files/store.js';
import { postMessages } from '../messages/post.js';
import type { MessageBus } from '../mqtt/bus.js';
import { loadUserContext } from '../users/repository.js';
import { formatCell, reportColumns } from './columns.js';
import { reportDocument } from './pdf-document.js';
import { mailAnchor, nextDue } from './schedule.js';
import { CONFIG_COLUMNS, configOf, ReportService, type ConfigRow } from './service.js';
import { reportWorkbook } from './workbook.js';
import { plantClock } from '../../xlsx/write.js';

/** How long a claimed export is an instance's; each step of plants renews it, so only a dead instance loses it. */
export const EXPORT_LEASE_MS = 2 * 60_000;
/** Exports and mails one round takes at most, so a round ends and the timer's next one starts fresh. */
const MAX_PER_ROUND = 5;
/** Rows a scheduled mail lists; the rest is in the report page it links to. */
const MAIL_ROWS = 50;
export const DEFAULT_REPORT_INTERVAL_MS = 5_000;
/**
 * After a scheduled mail fails (the mail server down, a report that could not be read), it is tried again after
 * these waits, for the same period; after the last the user is told in the notice centre. A retry that would
 * come after the schedule's next mail is not made: that mail comes instead, and the user is told.
 */
export const MAIL_RETRY_MS = [5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;

export interface ReportWorkerDeps {
  db: Db;
  bus?: MessageBus | undefined;
  files: FileStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => number;
  /** The console's address, for links in mails. */
  publicUrl: string;
  /** 0: no timer (tests drive `tick`). */
  intervalMs: number;
  /** Lets the console's requests go first between steps (Foreground.turn). */
  turn?: () => Promise<void>;
  /** Draws a PDF (pdf/render.ts); without it a PDF export fails with "file generation failed". */
  renderPdf?: ((doc: PdfDocument) => Promise<Buffer>) | undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The page of a report in the console. */
export const reportPath = (configId: string, name: string) =>
  `/workdata/reportinfo/${configId}/${encodeURIComponent(name)}`;

/**
 * Report exports and scheduled report mails (docs/reports.md). Every instance runs one; the database decides
 * who does what: an export is leased with FOR UPDATE SKIP LOCKED (and renewed while it runs), a due config is
 * claimed the same way and its due time moved on before its mail goes, so N instances do each once. A big
 * export is computed a step of plants at a time with a turn for the console's requests between steps.
 */
export class ReportWorker {
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly service: ReportService;

  constructor(private readonly deps: ReportWorkerDeps) {
    this.service = new ReportService(deps.db, deps.now);
  }

  start(): void {
    if (this.deps.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.kick(), this.deps.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  /** A round whose failure is logged, never thrown (the timer's, and a request's nudge after queueing). */
  async kick(): Promise<void> {
    try {
      await this.tick();
    } catch (err) {
      this.deps.log.error({ err }, 'report round failed');
    }
  }

  /** One round; rounds of one instance run one after another, a burst of calls shares the next one. */
  tick(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain.then(() => {
      this.queued = undefined;
      return this.round();
    });
    this.queued = run;
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async round(): Promise<void> {
    const turn = this.deps.turn ?? (() => Promise.resolve());
    for (let i = 0; i < MAX_PER_ROUND; i++) {
      if (!(await this.exportOne())) break;
      await turn();
    }
    for (let i = 0; i < MAX_PER_ROUND; i++) {
      if (!(await this.mailOne())) break;
      await turn();
    }
  }

  /** Claims and runs one export; false when none waits. */
  async exportOne(): Promise<boolean> {
    const { db } = this.deps;
    const now = this.deps.now();
    const [job] = await query<{
      id: string;
      config_id: string;
      user_id: string;
      format: string;
      anchor: string;
      lang: string;
    }>(
      db,
      sql`update report_export set status = 'running', claimed_until = ${iso(now + EXPORT_LEASE_MS)}::timestamptz
        where id = (select id from report_export
          where status = 'queued' or (status = 'running' and claimed_until < ${iso(now)}::timestamptz)
          order by created_at, id limit 1 for update skip locked)
        returning id, config_id, user_id, format, anchor, lang`,
    );
    if (!job) return false;
    const lang = parseLang(job.lang);
    let name = '';
    try {
      const auth = await loadUserContext(db, job.user_id);
      if (!auth) throw new AppError('notFound');
      const config = await this.service.config(auth, job.config_id);
      name = config.name;
      const report = await this.service.report(auth, config, job.anchor, {
        ...(this.deps.turn ? { turn: this.deps.turn } : {}),
        progress: async (done, total) => {
          // Up to 90 %: writing the file is the last tenth.
          const progress = Math.floor((done / Math.max(total, 1)) * 90);
          await db.execute(
            sql`update report_export set progress = ${progress},
              claimed_until = ${iso(this.deps.now() + EXPORT_LEASE_MS)}::timestamptz where id = ${job.id}`,
          );
        },
      });
      const format = job.format === 'pdf' ? 'pdf' : 'xlsx';
      const bytes =
        format === 'pdf' ? await this.pdf(report, lang, auth.companyId, config.id) : await reportWorkbook(report, lang);
      const fileName = `${safeName(config.name)}-${job.anchor}.${format}`;
      await db.transaction(async (tx) => {
        const file = await this.deps.files.put(tx, {
          kind: 'report',
          name: fileName,
          contentType:
            format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          bytes,
          companyId: auth.companyId,
          ownerId: auth.userId,
        });
        await tx.execute(
          sql`update report_export set status = 'done', progress = 100, file_id = ${file.id}, file_name = ${fileName},
            finished_at = ${iso(this.deps.now())}::timestamptz, claimed_until = null where id = ${job.id}`,
        );
      });
      await postMessages({ db, ...(this.deps.bus ? { bus: this.deps.bus } : {}) }, [
        {
          userId: job.user_id,
          type: MESSAGE_TYPE.systemNotice,
          title: reportText('exportReady', lang, { name: config.name }),
          content: fileName,
          url: `${reportPath(config.id, config.name)}?export=${job.id}`,
          source: `report-export:${job.id}`,
        },
      ]);
    } catch (err) {
      // Whatever went wrong, the user hears §8's "file generation failed"; the log keeps the cause.
      this.deps.log.warn({ err, exportId: job.id }, 'report export failed');
      await db.execute(
        sql`update report_export set status = 'failed', error = ${errorMessage('fileGenerationFailed', lang)},
          finished_at = ${iso(this.deps.now())}::timestamptz, claimed_until = null where id = ${job.id}`,
      );
      await postMessages({ db, ...(this.deps.bus ? { bus: this.deps.bus } : {}) }, [
        {
          userId: job.user_id,
          type: MESSAGE_TYPE.systemNotice,
          title: reportText('exportFailed', lang, { name }),
          content: errorMessage('fileGenerationFailed', lang),
          source: `report-export:${job.id}`,
        },
      ]);
    }
    return true;
  }

  private async pdf(report: Report, lang: Lang, companyId: string | null, configId: string): Promise<Buffer> {
    if (!this.deps.renderPdf) throw new AppError('fileGenerationFailed');
    const { db } = this.deps;
    // The company's wide logo (else its square one), when it is a PNG or JPEG the renderer can place.
    const [logoRow] = companyId
      ? await query<{ id: string | null }>(
          db,
          sql`select coalesce(logo_wide_id, logo_square_id) as id from company where id = ${companyId}`,
        )
      : [];
    const logo = logoRow?.id ? await this.deps.files.get(db, logoRow.id) : undefined;
    const [zone] = await query<{ time_zone: string }>(
      db,
      sql`select time_zone from report_config where id = ${configId}`,
    );
    const tz = zone?.time_zone ?? 'UTC';
    const generatedLine = reportText('generated', lang, { time: plantClock(this.deps.now(), tz), zone: tz });
    return this.deps.renderPdf(
      reportDocument(report, lang, {
        generatedLine,
        ...(logo && /^image\/(png|jpeg)$/.test(logo.contentType) ? { logo: logo.bytes } : {}),
      }),
    );
  }

  /** Claims one due scheduled config, moves its due time on, mails its report; false when none is due. */
  async mailOne(): Promise<boolean> {
    const { db } = this.deps;
    const now = this.deps.now();
    const claimed = await db.transaction(async (tx) => {
      const [row] = await query<ConfigRow & { due: unknown; mail_attempts: unknown; mail_retry_anchor: string | null }>(
        tx,
        sql`select ${CONFIG_COLUMNS}, rc.next_due_at as due, rc.mail_attempts, rc.mail_retry_anchor
          from report_config rc
          where rc.next_due_at <= ${iso(now)}::timestamptz and rc.schedule <> 'none'
          order by rc.next_due_at limit 1 for update skip locked`,
      );
      if (!row) return undefined;
      const next = nextDue(configOf(row).schedule, row.time_zone, now);
      await tx.execute(
        sql`update report_config set next_due_at = ${next === null ? null : iso(next)}::timestamptz where id = ${row.id}`,
      );
      return { row, next };
    });
    if (!claimed) return false;
    const { row, next } = claimed;
    const config = configOf(row);
    // A retry mails the period that failed; a first try the one that just ended.
    const anchor = row.mail_retry_anchor ?? mailAnchor(config.period, row.time_zone, now);
    const [user] = await query<{ email: string | null; language: string }>(
      db,
      sql`select email, language from app_user where id = ${row.user_id} and not disabled`,
    );
    const lang = parseLang(user?.language ?? 'en');
    try {
      await this.mail(row, user?.email ?? null, lang, anchor);
      await db.execute(
        sql`update report_config set mail_attempts = 0, mail_retry_anchor = null, last_sent_at = ${iso(now)}::timestamptz
          where id = ${row.id}`,
      );
    } catch (err) {
      const attempts = Number(row.mail_attempts) + 1;
      const wait = MAIL_RETRY_MS[attempts - 1];
      const retryAt = wait === undefined ? undefined : now + wait;
      if (retryAt !== undefined && (next === null || retryAt < next)) {
        this.deps.log.warn({ err, configId: row.id, attempts, retryAt: iso(retryAt) }, 'scheduled report mail failed');
        await db.execute(
          sql`update report_config set mail_attempts = ${attempts}, mail_retry_anchor = ${anchor},
            next_due_at = ${iso(retryAt)}::timestamptz where id = ${row.id}`,
        );
      } else {
        this.deps.log.error({ err, configId: row.id, attempts }, 'scheduled report mail given up');
        await db.execute(
          sql`update report_config set mail_attempts = 0, mail_retry_anchor = null where id = ${row.id}`,
        );
        await postMessages({ db, ...(this.deps.bus ? { bus: this.deps.bus } : {}) }, [
          {
            userId: row.user_id,
            type: MESSAGE_TYPE.systemNotice,
            title: reportText('mailFailed', lang, { name: config.name, period: anchor }),
            content: reportText('mailFailedBody', lang, { count: String(attempts) }),
            url: `${reportPath(config.id, config.name)}?date=${anchor}`,
            source: `report-mail:${row.id}:${anchor}`,
          },
        ]);
      }
    }
    return true;
  }

  /** Mails one period of a config to its owner (nothing for a disabled account or one without an address). */
  private async mail(row: ConfigRow, email: string | null, lang: Lang, anchor: string): Promise<void> {
    const { db } = this.deps;
    const auth = await loadUserContext(db, row.user_id);
    if (!email || !auth) return;
    const config = configOf(row);
    const report = await this.service.report(auth, config, anchor, this.deps.turn ? { turn: this.deps.turn } : {});
    const columns = reportColumns(report);
    const lines = report.rows
      .slice(0, MAIL_ROWS)
      .map((r) =>
        columns.map((c) => `${c.heading(lang)}: ${formatCell(c.kind, c.value(r), lang, r.currency)}`).join(' · '),
      );
    const totals = columns
      .filter((c) => c.total)
      .map(
        (c) =>
          `${c.heading(lang)}: ${formatCell(c.kind, c.total?.(report.totals) ?? null, lang, report.totals.currency ?? '')}`,
      )
      .join(' · ');
    const link = `${this.deps.publicUrl.replace(/\/$/, '')}${reportPath(config.id, config.name)}?date=${anchor}`;
    await this.deps.mailer.send({
      to: email,
      subject: reportText('mailSubject', lang, { name: config.name, period: anchor }),
      text: [
        reportText('mailIntro', lang, { name: config.name, period: anchor }),
        '',
        ...(report.rows.length === 0 ? [reportText('mailNoPlants', lang)] : lines),
        '',
        `${reportText('total', lang)} — ${totals}`,
        '',
        reportText('mailLink', lang, { url: link }),
      ].join('\n'),
    });
  }
}

/** A file name from a report's name: letters of any script, digits, dashes. */
function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'report';
}
