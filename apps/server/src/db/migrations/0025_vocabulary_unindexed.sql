-- The vocabulary (search_words) is read whole into memory by each server instance, which finds
-- completions, compounds and parts of query words there (word-expansions.ts): the indexes of
-- word beginnings and endings have no reader left.
DROP INDEX "search_words_prefix_idx";--> statement-breakpoint
DROP INDEX "search_words_reverse_idx";