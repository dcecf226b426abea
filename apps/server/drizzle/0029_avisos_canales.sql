CREATE TABLE "canales_aviso" (
	"usuario_id" integer NOT NULL,
	"entidad_id" integer NOT NULL,
	"evento" text NOT NULL,
	"app" boolean NOT NULL,
	"push" boolean NOT NULL,
	"correo" boolean NOT NULL,
	"whatsapp" boolean NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canales_aviso_usuario_id_evento_pk" PRIMARY KEY("usuario_id","evento")
);
--> statement-breakpoint
-- Issue 35: each user's old choice of the service-level warnings by mail becomes the mail channel
-- of their SLA_POR_VENCER row (app and push on, as they were; WhatsApp off), before the old table goes.
INSERT INTO "canales_aviso" ("usuario_id", "entidad_id", "evento", "app", "push", "correo", "whatsapp", "actualizado")
SELECT a."usuario_id", a."entidad_id", 'SLA_POR_VENCER', true, true, a."correo", false, a."actualizado"
  FROM "sla_avisos_usuario" a JOIN "usuarios" u ON u."id" = a."usuario_id" AND u."entidad_id" = a."entidad_id";--> statement-breakpoint
ALTER TABLE "sla_avisos_usuario" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sla_avisos_usuario" CASCADE;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD COLUMN "oculta" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notificaciones" ADD COLUMN "whatsapp" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "canales_aviso" ADD CONSTRAINT "canales_aviso_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canales_aviso" ADD CONSTRAINT "canales_aviso_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificaciones_whatsapp_idx" ON "notificaciones" USING btree ("creada","id") WHERE "notificaciones"."whatsapp";