-- Issue 12 (docs/CORREO.md): the tokens of mailed links (only their SHA-256), the outbox, and on
-- usuarios whether a signed-up owner confirmed the address, which terms they accepted and when; an
-- invited user has no password hash until they choose one. Existing users stay confirmed.
CREATE TABLE "cuenta_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"hash" text NOT NULL,
	"vence" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone,
	"creado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correo_salida" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer,
	"tipo" text NOT NULL,
	"para" text NOT NULL,
	"asunto" text NOT NULL,
	"html" text NOT NULL,
	"texto" text NOT NULL,
	"logo" text,
	"message_id" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"ultimo_error" text,
	"creado" timestamp with time zone NOT NULL,
	"enviado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "usuarios" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "entidades" ADD COLUMN "telefono" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "confirmado" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "terminos_version" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "terminos_aceptados" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cuenta_tokens" ADD CONSTRAINT "cuenta_tokens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "correo_salida" ADD CONSTRAINT "correo_salida_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cuenta_tokens_hash_uq" ON "cuenta_tokens" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "cuenta_tokens_usuario_idx" ON "cuenta_tokens" USING btree ("usuario_id","tipo");--> statement-breakpoint
CREATE UNIQUE INDEX "correo_salida_message_id_uq" ON "correo_salida" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "correo_salida_pendientes_idx" ON "correo_salida" USING btree ("proximo_intento") WHERE "correo_salida"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "usuarios_email_lower_idx" ON "usuarios" USING btree (lower("email"));