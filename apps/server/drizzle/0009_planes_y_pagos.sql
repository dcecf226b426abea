-- Issue 15 (docs/PLANES.md): what each plan includes, the subscription's payment state (provider
-- subscription, grace period, downgrade scheduled for the next renewal), the payments, and the
-- provider's webhook events already processed (idempotency by event id).
ALTER TABLE "planes" ADD COLUMN "incluye" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD COLUMN "proveedor" text;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD COLUMN "proveedor_suscripcion_id" text;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD COLUMN "tarjeta" text;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD COLUMN "gracia_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD COLUMN "plan_pendiente_id" integer;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD CONSTRAINT "suscripciones_plan_pendiente_id_planes_id_fk" FOREIGN KEY ("plan_pendiente_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"monto" numeric(12, 2) NOT NULL,
	"moneda" text DEFAULT 'ARS' NOT NULL,
	"estado" text NOT NULL,
	"proposito" text NOT NULL,
	"proveedor" text NOT NULL,
	"referencia" text,
	"suscripcion_ref" text,
	"detalle" text,
	"tarjeta" text,
	"aplicado" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"actualizado" timestamp with time zone NOT NULL,
	CONSTRAINT "pagos_estado_ck" CHECK ("pagos"."estado" in ('aprobado', 'pendiente', 'rechazado', 'reembolsado', 'contracargo')),
	CONSTRAINT "pagos_proposito_ck" CHECK ("pagos"."proposito" in ('cambio', 'renovacion'))
);
--> statement-breakpoint
CREATE TABLE "pagos_eventos" (
	"proveedor" text NOT NULL,
	"evento_id" text NOT NULL,
	"recibido" timestamp with time zone NOT NULL,
	CONSTRAINT "pagos_eventos_pk" PRIMARY KEY("proveedor","evento_id")
);
--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagos_entidad_creado_idx" ON "pagos" USING btree ("entidad_id","creado");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_referencia_uq" ON "pagos" USING btree ("proveedor","referencia");--> statement-breakpoint
CREATE INDEX "pagos_suscripcion_ref_idx" ON "pagos" USING btree ("suscripcion_ref");--> statement-breakpoint
-- One plan change in flight per company: concurrent subscribe calls create one subscription.
CREATE UNIQUE INDEX "pagos_cambio_en_curso_uq" ON "pagos" USING btree ("entidad_id") WHERE "pagos"."estado" = 'pendiente' AND "pagos"."proposito" = 'cambio';--> statement-breakpoint
UPDATE "planes" SET "incluye" = '["Hasta 20 órdenes por mes", "Usuarios ilimitados", "Archivos adjuntos y gastos", "Resumen público para el cliente"]'::jsonb WHERE "nombre" = 'Inicial';--> statement-breakpoint
UPDATE "planes" SET "incluye" = '["Hasta 100 órdenes por mes", "Todo lo del plan Inicial", "Encuestas de satisfacción", "Estadísticas y tablero"]'::jsonb WHERE "nombre" = 'Pyme';--> statement-breakpoint
UPDATE "planes" SET "incluye" = '["Hasta 1.000 órdenes por mes", "Todo lo del plan Pyme", "Informes de demoras por responsable", "Soporte prioritario"]'::jsonb WHERE "nombre" = 'Empresa';--> statement-breakpoint
UPDATE "planes" SET "incluye" = '["Órdenes ilimitadas", "Todo lo del plan Empresa", "Varias sedes con una sola cuenta", "Soporte prioritario"]'::jsonb WHERE "nombre" = 'Ilimitado';
