-- Limits shared by every instance on one PostgreSQL (docs/DESPLIEGUE.md «Límites compartidos»):
-- one row per key and fixed window, counted by lib/limites-pg.ts. UNLOGGED: counters need no WAL
-- nor a crash-safe copy (after a crash PostgreSQL empties the table: the windows start over).
-- PGlite creates it too and never uses it (its limits count in memory).
CREATE UNLOGGED TABLE IF NOT EXISTS "limites_compartidos" (
	"clave" text PRIMARY KEY NOT NULL,
	"usadas" integer NOT NULL,
	"max" integer NOT NULL,
	"hasta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "limites_compartidos_hasta_idx" ON "limites_compartidos" ("hasta");
