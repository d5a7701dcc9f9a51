import { z } from 'zod';

// The console's Content-Security-Policy allows no eval (docs/operations.md "Security headers"). Zod 4 probes
// `new Function` to compile fast object parsers; the probe is refused and reported as a CSP violation on every
// page that parses a schema. Its interpreted path gives the same results, so use it from the start.
z.config({ jitless: true });
