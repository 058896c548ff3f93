-- Trigram index support for the case-insensitive service title search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
