-- Issue 13 (docs/ENCUESTAS.md): the surveys sent for orders (only the SHA-256 of each link's token)
-- and each company's survey settings (automatic send when an order is finished, off by default).
CREATE TABLE "encuesta" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"enviada_por" integer NOT NULL,
	"enviada_en" timestamp with time zone NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"automatica" boolean DEFAULT false NOT NULL,
	"puntaje" smallint,
	"comentario" text,
	"respondida_en" timestamp with time zone,
	"cerrada_en" timestamp with time zone,
	CONSTRAINT "encuesta_puntaje_ck" CHECK ("encuesta"."puntaje" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "encuesta_config" (
	"entidad_id" integer PRIMARY KEY NOT NULL,
	"envio_automatico" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "encuesta" ADD CONSTRAINT "encuesta_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta" ADD CONSTRAINT "encuesta_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta" ADD CONSTRAINT "encuesta_enviada_por_usuarios_id_fk" FOREIGN KEY ("enviada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encuesta_config" ADD CONSTRAINT "encuesta_config_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "encuesta_token_hash_uq" ON "encuesta" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "encuesta_entidad_enviada_idx" ON "encuesta" USING btree ("entidad_id","enviada_en");--> statement-breakpoint
CREATE INDEX "encuesta_orden_idx" ON "encuesta" USING btree ("orden_id");
