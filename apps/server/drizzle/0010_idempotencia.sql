-- Issue 17 (docs/APP-DE-CAMPO.md, "Trabajo sin conexión"): the idempotency keys of the calls the
-- field app's outbox replays. One row per (company, user, key): the request's fingerprint, whether
-- it is still running or done, and the answer it gave, kept 24 h.
CREATE TABLE "idempotencia" (
	"entidad_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"clave" uuid NOT NULL,
	"huella" text NOT NULL,
	"estado" text NOT NULL,
	"status" integer,
	"respuesta" text,
	"creada" timestamp with time zone NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotencia_pk" PRIMARY KEY("entidad_id","usuario_id","clave"),
	CONSTRAINT "idempotencia_estado_ck" CHECK ("idempotencia"."estado" in ('en_proceso', 'completada'))
);
--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "idempotencia_vence_idx" ON "idempotencia" USING btree ("vence");
