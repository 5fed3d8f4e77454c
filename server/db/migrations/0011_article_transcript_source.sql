ALTER TABLE "articles" ADD COLUMN "transcript_source" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- Articles written before this column and from a transcript: their receipts say which kind it
-- was; without receipts, a transcript the user pasted is still in the generation's request, and
-- the rest count as the video's captions (manual or automatic: no longer known). Articles
-- without a transcript keep 'none'.
UPDATE "articles" AS a SET "transcript_source" = CASE
    WHEN a."evidence"->>'transcriptKind' = 'manual' THEN 'captions'
    WHEN a."evidence"->>'transcriptKind' = 'auto' THEN 'auto-captions'
    WHEN a."evidence"->>'transcriptKind' = 'user' THEN 'pasted'
    WHEN EXISTS (
      SELECT 1 FROM "generations" AS g
       WHERE g."id" = a."generation_id" AND btrim(coalesce(g."request"->>'transcript', '')) <> ''
    ) THEN 'pasted'
    ELSE 'captions'
  END
  WHERE a."transcript_used";
