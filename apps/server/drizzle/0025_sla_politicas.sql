CREATE TABLE "orden_sla" (
	"orden_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"politica_version_id" integer,
	"politica_nombre" text,
	"pausa_en_espera" boolean DEFAULT false NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"pausada_desde" timestamp with time zone,
	"resp_objetivo" jsonb,
	"resp_total_ms" bigint,
	"resp_vence" timestamp with time zone,
	"resp_aviso" timestamp with time zone,
	"resp_cumplida" timestamp with time zone,
	"resp_avisada" timestamp with time zone,
	"resp_incumplida" timestamp with time zone,
	"res_objetivo" jsonb,
	"res_total_ms" bigint,
	"res_vence" timestamp with time zone,
	"res_aviso" timestamp with time zone,
	"res_cumplida" timestamp with time zone,
	"res_avisada" timestamp with time zone,
	"res_incumplida" timestamp with time zone,
	"sincronizada" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_politicas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"politica_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"cliente_id" integer,
	"tipo_orden_id" integer,
	"prioridad_id" integer,
	"respuesta" jsonb,
	"resolucion" jsonb,
	"pausa_en_espera" boolean NOT NULL,
	"vigente_desde" timestamp with time zone DEFAULT now() NOT NULL,
	"vigente_hasta" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orden_sla" ADD CONSTRAINT "orden_sla_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_sla" ADD CONSTRAINT "orden_sla_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_sla" ADD CONSTRAINT "orden_sla_politica_version_id_sla_politicas_id_fk" FOREIGN KEY ("politica_version_id") REFERENCES "public"."sla_politicas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_politicas" ADD CONSTRAINT "sla_politicas_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_politicas" ADD CONSTRAINT "sla_politicas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_politicas" ADD CONSTRAINT "sla_politicas_tipo_orden_id_tipos_orden_id_fk" FOREIGN KEY ("tipo_orden_id") REFERENCES "public"."tipos_orden"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_politicas" ADD CONSTRAINT "sla_politicas_prioridad_id_prioridades_id_fk" FOREIGN KEY ("prioridad_id") REFERENCES "public"."prioridades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_sla_resp_aviso_idx" ON "orden_sla" USING btree ("resp_aviso") WHERE "orden_sla"."resp_cumplida" is null and "orden_sla"."resp_avisada" is null and "orden_sla"."pausada_desde" is null;--> statement-breakpoint
CREATE INDEX "orden_sla_resp_vence_idx" ON "orden_sla" USING btree ("resp_vence") WHERE "orden_sla"."resp_cumplida" is null and "orden_sla"."resp_incumplida" is null and "orden_sla"."pausada_desde" is null;--> statement-breakpoint
CREATE INDEX "orden_sla_res_aviso_idx" ON "orden_sla" USING btree ("res_aviso") WHERE "orden_sla"."res_cumplida" is null and "orden_sla"."res_avisada" is null and "orden_sla"."pausada_desde" is null;--> statement-breakpoint
CREATE INDEX "orden_sla_res_vence_idx" ON "orden_sla" USING btree ("res_vence") WHERE "orden_sla"."res_cumplida" is null and "orden_sla"."res_incumplida" is null and "orden_sla"."pausada_desde" is null;--> statement-breakpoint
CREATE INDEX "orden_sla_entidad_idx" ON "orden_sla" USING btree ("entidad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_politicas_en_vigor_uq" ON "sla_politicas" USING btree ("entidad_id",coalesce("cliente_id", 0),coalesce("tipo_orden_id", 0),coalesce("prioridad_id", 0)) WHERE "sla_politicas"."vigente_hasta" is null;--> statement-breakpoint
CREATE INDEX "sla_politicas_entidad_idx" ON "sla_politicas" USING btree ("entidad_id","vigente_desde");