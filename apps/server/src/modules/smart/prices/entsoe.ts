import { SLOT_MINUTES, roundPrice, type PriceSlot, type SlotMinutes } from '@heliograph/shared';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { PriceSourceError, parseInstant } from './source-error.js';

/**
 * ENTSO-E Transparency Platform day-ahead prices (document type A44, Publication_MarketDocument): per
 * TimeSeries one or more Periods, each with a UTC time interval, a resolution (PT60M until the market moved
 * to quarter hours on 1 October 2025, PT15M since) and Points by position with price.amount in EUR/MWh.
 * With curveType A03 a Point is left out when its price equals the previous one, so the gaps are filled.
 */

const parser = new XMLParser({
  // The documents carry a default namespace whose version changes (7:0, 7:3); names are matched without it.
  removeNSPrefix: true,
  ignoreAttributes: true,
  // Prices stay text until checked here: "1e3" or " 12" should not slip through as numbers.
  parseTagValue: false,
  // Entities are never needed in these documents; off, a crafted entity cannot expand.
  processEntities: false,
  isArray: (name) => name === 'TimeSeries' || name === 'Period' || name === 'Point' || name === 'Reason',
});

const text = z.string();
const documentSchema = z.object({
  Publication_MarketDocument: z
    .object({
      type: text.optional(),
      TimeSeries: z
        .array(
          z.object({
            'currency_Unit.name': text.optional(),
            'price_Measure_Unit.name': text.optional(),
            'classificationSequence_AttributeInstanceComponent.position': text.optional(),
            curveType: text.optional(),
            Period: z.array(
              z.object({
                timeInterval: z.object({ start: text, end: text }),
                resolution: text,
                Point: z.array(z.object({ position: text, 'price.amount': text })),
              }),
            ),
          }),
        )
        .default([]),
    })
    .optional(),
  Acknowledgement_MarketDocument: z
    .object({ Reason: z.array(z.object({ text: text.optional() })).optional() })
    .optional(),
});

export interface EntsoeDayAhead {
  /** ISO 4217 code of the prices (EUR for every zone today) */
  currency: string;
  /** the document's slots in EUR/kWh (or its currency per kWh), oldest first */
  slots: PriceSlot[];
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;

function resolutionMinutes(resolution: string): SlotMinutes {
  const m = /^PT(?:(\d+)M|(1)H)$/.exec(resolution);
  const minutes = m ? Number(m[1] ?? 60) : NaN;
  const known = SLOT_MINUTES.find((s) => s === minutes);
  if (known === undefined) throw new PriceSourceError('entsoe', `unsupported resolution ${resolution}`);
  return known;
}

/**
 * The slots of an A44 document. Every Period is filled from its start to its end: with curveType A03 an
 * absent position repeats the price before it (the first position is never left out); with A01 (or none)
 * every position must be there.
 *
 * Some zones publish two results for the same hours (DE-LU in 2024: the hourly auction as classification
 * sequence 1, a quarter-hour series as 2): only the series of `sequence` is read, 1 unless told, and two
 * Periods still covering the same time are refused rather than one picked.
 */
export function parseEntsoeDayAhead(xml: string, sequence = 1): EntsoeDayAhead {
  let raw: unknown;
  try {
    raw = parser.parse(xml);
  } catch {
    throw new PriceSourceError('entsoe', 'not XML');
  }
  const doc = documentSchema.safeParse(raw);
  if (!doc.success) throw new PriceSourceError('entsoe', 'not a day-ahead price document');
  const ack = doc.data.Acknowledgement_MarketDocument;
  if (ack) throw new PriceSourceError('entsoe', `no data: ${ack.Reason?.[0]?.text ?? 'acknowledgement'}`);
  const publication = doc.data.Publication_MarketDocument;
  if (!publication) throw new PriceSourceError('entsoe', 'not a day-ahead price document');
  if (publication.type !== undefined && publication.type !== 'A44') {
    throw new PriceSourceError('entsoe', `document type ${publication.type} is not A44`);
  }

  const currencies = new Set<string>();
  const slots: PriceSlot[] = [];
  for (const series of publication.TimeSeries) {
    const position = series['classificationSequence_AttributeInstanceComponent.position'];
    if (position !== undefined && Number(position) !== sequence) continue;
    if (series['price_Measure_Unit.name'] !== undefined && series['price_Measure_Unit.name'] !== 'MWH') {
      throw new PriceSourceError('entsoe', `prices per ${series['price_Measure_Unit.name']}, not MWH`);
    }
    currencies.add(series['currency_Unit.name'] ?? 'EUR');
    const repeatsOmitted = series.curveType === 'A03';
    for (const period of series.Period) slots.push(...periodSlots(period, repeatsOmitted));
  }
  if (slots.length === 0) throw new PriceSourceError('entsoe', 'no prices');
  if (currencies.size > 1) throw new PriceSourceError('entsoe', 'mixed currencies');
  slots.sort((a, b) => a.start - b.start);
  for (let i = 1; i < slots.length; i++) {
    const before = slots[i - 1]!;
    if (slots[i]!.start < before.start + before.minutes * 60_000)
      throw new PriceSourceError('entsoe', 'overlapping periods');
  }
  return { currency: [...currencies][0] ?? 'EUR', slots };
}

interface Period {
  timeInterval: { start: string; end: string };
  resolution: string;
  Point: { position: string; 'price.amount': string }[];
}

function periodSlots(period: Period, repeatsOmitted: boolean): PriceSlot[] {
  const start = parseInstant(period.timeInterval.start);
  const end = parseInstant(period.timeInterval.end);
  const minutes = resolutionMinutes(period.resolution);
  const step = minutes * 60_000;
  if (start === null || end === null || end <= start || (end - start) % step !== 0) {
    throw new PriceSourceError('entsoe', `bad period ${period.timeInterval.start} – ${period.timeInterval.end}`);
  }
  const count = (end - start) / step;
  const prices = new Array<number | undefined>(count);
  for (const point of period.Point) {
    const position = Number(point.position);
    if (!Number.isInteger(position) || position < 1 || position > count || !NUMBER.test(point['price.amount'])) {
      throw new PriceSourceError('entsoe', `bad point ${point.position}`);
    }
    // EUR/MWh to EUR/kWh.
    prices[position - 1] = roundPrice(Number(point['price.amount']) / 1000);
  }
  const out: PriceSlot[] = [];
  let previous: number | undefined;
  for (let i = 0; i < count; i++) {
    const price = prices[i] ?? (repeatsOmitted ? previous : undefined);
    if (price === undefined) throw new PriceSourceError('entsoe', `position ${i + 1} missing`);
    out.push({ start: start + i * step, minutes, buy: price, sell: null });
    previous = price;
  }
  return out;
}
