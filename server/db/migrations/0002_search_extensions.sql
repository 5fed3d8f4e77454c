-- Trigram matching lets a search with a typo still find the article (pg_trgm is a trusted
-- extension: the database owner may create it; PGlite loads it from its contrib bundle).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
