-- The word pairs of a text ("the lift is out" → 'the lift', 'lift is', 'is out'), from the same
-- 'simple' configuration as search_vector, so a quoted phrase finds the few messages where its words
-- stand together instead of rechecking every message that holds them all (decision 0036).
CREATE FUNCTION stoop_word_pairs(content text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme)), ''::tsvector)
  FROM (SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple', content))) a
  JOIN (SELECT lexeme, unnest(positions) AS pos FROM unnest(to_tsvector('simple', content))) b
    ON b.pos = a.pos + 1
$$;--> statement-breakpoint
-- The pairs of a phrase as a query that needs all of them; null for a phrase of one word.
CREATE FUNCTION stoop_pairs_query(phrase text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  -- Each pair quoted as one lexeme of tsquery's input syntax: backslash and quote escaped.
  SELECT string_agg('''' || replace(replace(pair, '\', '\\'), '''', '\''') || '''', ' & ' ORDER BY pair)::tsquery
  FROM unnest(tsvector_to_array(stoop_word_pairs(phrase))) AS pair
$$;--> statement-breakpoint
CREATE INDEX "messages_pairs_idx" ON "messages" USING gin (stoop_word_pairs(coalesce("content", '')));
