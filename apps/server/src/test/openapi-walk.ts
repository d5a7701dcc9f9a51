/**
 * What the tests that walk the OpenAPI document (the fuzz test and the tenancy sweep) read of it, and how
 * they make a plausible value for a schema: enough to get past validation to the handler when the rest of
 * the call is right.
 */

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** A plausible value for a schema. */
export function sample(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  // An empty default list would hide the keys of its items (a new plant's gateways[].sn).
  if (s.default !== undefined && !(Array.isArray(s.default) && s.default.length === 0)) return s.default;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return [sample(s.items, depth + 1)];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (s.format === 'date' || s.pattern?.includes('\\d{4}')) return '2026-01-15';
      if (s.format === 'email') return 'sample@example.com';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** The path with its {parameters} filled in ("x" for one without a value). */
export function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}
