CREATE TABLE "solicitud_enlaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"hash" text NOT NULL,
	"cifrado" text,
	"creado" timestamp with time zone NOT NULL,
	"creado_por" integer NOT NULL,
	"revocado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "solicitud_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"solicitud_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"mime" text NOT NULL,
	"tamano" integer NOT NULL,
	"clave" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitudes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"enlace_id" integer NOT NULL,
	"clave" text NOT NULL,
	"ubicacion_id" integer,
	"equipo_id" integer,
	"que" text NOT NULL,
	"donde" text,
	"nombre" text NOT NULL,
	"email" text,
	"telefono" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"creada" timestamp with time zone NOT NULL,
	"resuelta" timestamp with time zone,
	"resuelta_por" integer,
	"orden_id" integer,
	"seguimiento_hash" text NOT NULL,
	"seguimiento_cifrado" text,
	"resumen_cifrado" text
);
--> statement-breakpoint
ALTER TABLE "solicitud_enlaces" ADD CONSTRAINT "solicitud_enlaces_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_enlaces" ADD CONSTRAINT "solicitud_enlaces_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_enlaces" ADD CONSTRAINT "solicitud_enlaces_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_fotos" ADD CONSTRAINT "solicitud_fotos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitud_fotos" ADD CONSTRAINT "solicitud_fotos_solicitud_id_solicitudes_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_enlace_id_solicitud_enlaces_id_fk" FOREIGN KEY ("enlace_id") REFERENCES "public"."solicitud_enlaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_ubicacion_id_ubicaciones_id_fk" FOREIGN KEY ("ubicacion_id") REFERENCES "public"."ubicaciones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_equipo_id_equipos_id_fk" FOREIGN KEY ("equipo_id") REFERENCES "public"."equipos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_resuelta_por_usuarios_id_fk" FOREIGN KEY ("resuelta_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes" ADD CONSTRAINT "solicitudes_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "solicitud_enlaces_hash_uq" ON "solicitud_enlaces" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitud_enlaces_activo_uq" ON "solicitud_enlaces" USING btree ("cliente_id") WHERE "solicitud_enlaces"."revocado" is null;--> statement-breakpoint
CREATE INDEX "solicitud_fotos_solicitud_idx" ON "solicitud_fotos" USING btree ("entidad_id","solicitud_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitudes_clave_uq" ON "solicitudes" USING btree ("entidad_id","clave");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitudes_seguimiento_uq" ON "solicitudes" USING btree ("seguimiento_hash");--> statement-breakpoint
CREATE INDEX "solicitudes_bandeja_idx" ON "solicitudes" USING btree ("entidad_id","estado","creada");--> statement-breakpoint
CREATE INDEX "solicitudes_cliente_idx" ON "solicitudes" USING btree ("entidad_id","cliente_id");