-- Trigram indexes for the plant list's search (name, alias, address, a gateway's or device's serial number,
-- matched anywhere with ILIKE; plants/list.ts). pg_trgm ships with PostgreSQL and is a trusted extension, so
-- the console's own database user may create it. Where it cannot be created (the embedded database, which
-- does not load it, or a server without the contrib modules) the search still works, by scanning: fine for a
-- thousand plants, 26 ms a query at 10,000 instead of under 1 ms.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm not available: the plant search scans instead of using trigram indexes';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS plant_name_trgm ON plant USING gin (name gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS plant_alias_trgm ON plant USING gin (alias gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS plant_address_trgm ON plant USING gin (address gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS gateway_sn_trgm ON gateway USING gin (sn gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS device_sn_trgm ON device USING gin (sn gin_trgm_ops);
  END IF;
END
$$;
