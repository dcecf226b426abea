-- Issue 14 (docs/ESTADISTICAS.md): the single-use `access` tokens of the delay export (only their
-- SHA-256), each bound to a company, a user, a range and optionally an order type.
CREATE TABLE "estadistica_acceso" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"fecha_desde" timestamp with time zone NOT NULL,
	"fecha_hasta" timestamp with time zone NOT NULL,
	"tipo_id" integer,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estadistica_acceso" ADD CONSTRAINT "estadistica_acceso_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estadistica_acceso" ADD CONSTRAINT "estadistica_acceso_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estadistica_acceso_token_uq" ON "estadistica_acceso" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "estadistica_acceso_expira_idx" ON "estadistica_acceso" USING btree ("expira");
--> statement-breakpoint
-- Covering indexes of the statistics (docs/BENCHMARKS.md, «Estadísticas»): each chart reads only the
-- index (index-only scan) for the orders created, finished or due in its range. INCLUDE cannot be
-- written in Drizzle's table builder, so they live here only (not in orders.tables.ts).
CREATE INDEX "ordenes_estadisticas_creada_idx" ON "ordenes" USING btree ("entidad_id","creada") INCLUDE ("estado_id","tipo_orden_id","area_id","cliente_id") WHERE "eliminada" IS NULL;--> statement-breakpoint
CREATE INDEX "ordenes_estadisticas_finalizada_idx" ON "ordenes" USING btree ("entidad_id","finalizada") INCLUDE ("creada","fecha_fin") WHERE "eliminada" IS NULL AND "estado_id" = 4;--> statement-breakpoint
CREATE INDEX "ordenes_estadisticas_vence_idx" ON "ordenes" USING btree ("entidad_id","fecha_fin") INCLUDE ("estado_id","finalizada","tipo_orden_id","id","numero") WHERE "eliminada" IS NULL AND "estado_id" <> 5;--> statement-breakpoint
-- The deleted orders of a company (few): the satisfaction chart leaves them out with a hashed NOT IN.
CREATE INDEX "ordenes_estadisticas_eliminada_idx" ON "ordenes" USING btree ("entidad_id") INCLUDE ("id") WHERE "eliminada" IS NOT NULL;--> statement-breakpoint
-- The answered surveys of a company by answer time, covering the satisfaction chart (index-only).
CREATE INDEX "encuesta_estadisticas_respondida_idx" ON "encuesta" USING btree ("entidad_id","respondida_en") INCLUDE ("puntaje","orden_id") WHERE "puntaje" IS NOT NULL;
