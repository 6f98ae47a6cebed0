-- Trigram search (usernames now, messages later). PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
