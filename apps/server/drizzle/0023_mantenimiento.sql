CREATE TABLE "mantenimiento_avisos" (
	"entidad_id" integer NOT NULL,
	"periodo" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mantenimiento_ocurrencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"mantenimiento_id" integer NOT NULL,
	"fecha" text NOT NULL,
	"estado" text NOT NULL,
	"orden_id" integer,
	"motivo" text,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mantenimientos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"ubicacion_id" integer,
	"equipo_id" integer,
	"regla" jsonb NOT NULL,
	"inicio" text NOT NULL,
	"fin" text,
	"anticipacion" integer DEFAULT 0 NOT NULL,
	"titulo" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"tipo_orden_id" integer,
	"area_id" integer,
	"prioridad_id" integer,
	"responsables" jsonb NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_por" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"proxima" text,
	"generar_desde" text
);
--> statement-breakpoint
ALTER TABLE "mantenimiento_avisos" ADD CONSTRAINT "mantenimiento_avisos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimiento_ocurrencias" ADD CONSTRAINT "mantenimiento_ocurrencias_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimiento_ocurrencias" ADD CONSTRAINT "mantenimiento_ocurrencias_mantenimiento_id_mantenimientos_id_fk" FOREIGN KEY ("mantenimiento_id") REFERENCES "public"."mantenimientos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimiento_ocurrencias" ADD CONSTRAINT "mantenimiento_ocurrencias_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_ubicacion_id_ubicaciones_id_fk" FOREIGN KEY ("ubicacion_id") REFERENCES "public"."ubicaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_equipo_id_equipos_id_fk" FOREIGN KEY ("equipo_id") REFERENCES "public"."equipos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_tipo_orden_id_tipos_orden_id_fk" FOREIGN KEY ("tipo_orden_id") REFERENCES "public"."tipos_orden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_prioridad_id_prioridades_id_fk" FOREIGN KEY ("prioridad_id") REFERENCES "public"."prioridades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mantenimientos" ADD CONSTRAINT "mantenimientos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mantenimiento_avisos_uq" ON "mantenimiento_avisos" USING btree ("entidad_id","periodo");--> statement-breakpoint
CREATE UNIQUE INDEX "mantenimiento_ocurrencias_uq" ON "mantenimiento_ocurrencias" USING btree ("mantenimiento_id","fecha");--> statement-breakpoint
CREATE INDEX "mantenimiento_ocurrencias_abiertas_idx" ON "mantenimiento_ocurrencias" USING btree ("entidad_id","estado") WHERE "mantenimiento_ocurrencias"."estado" in ('pendiente', 'esperando_cupo');--> statement-breakpoint
CREATE INDEX "mantenimiento_ocurrencias_orden_idx" ON "mantenimiento_ocurrencias" USING btree ("orden_id");--> statement-breakpoint
CREATE INDEX "mantenimientos_entidad_idx" ON "mantenimientos" USING btree ("entidad_id","cliente_id");--> statement-breakpoint
CREATE INDEX "mantenimientos_pendientes_idx" ON "mantenimientos" USING btree ("generar_desde") WHERE "mantenimientos"."activo" and "mantenimientos"."generar_desde" is not null;