CREATE TABLE "equipo_archivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"equipo_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"mime" text NOT NULL,
	"tamanio" bigint NOT NULL,
	"sha256" text NOT NULL,
	"es_imagen" boolean DEFAULT false NOT NULL,
	"clave" text NOT NULL,
	"clave_miniatura" text,
	"usuario_id" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"ubicacion_id" integer,
	"nombre" text NOT NULL,
	"codigo" text,
	"ubicacion_interna" text,
	"marca" text,
	"modelo" text,
	"serie" text,
	"notas" text,
	"codigo_qr" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"busqueda" text GENERATED ALWAYS AS (lower(f_unaccent(nombre || ' ' || coalesce(codigo, '') || ' ' || coalesce(marca, '') || ' ' || coalesce(modelo, '') || ' ' || coalesce(serie, '')))) STORED
);
--> statement-breakpoint
CREATE TABLE "ubicaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"codigo" text,
	"direccion" text,
	"notas" text,
	"codigo_qr" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ordenes" ADD COLUMN "ubicacion_id" integer;--> statement-breakpoint
ALTER TABLE "ordenes" ADD COLUMN "equipo_id" integer;--> statement-breakpoint
ALTER TABLE "equipo_archivos" ADD CONSTRAINT "equipo_archivos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipo_archivos" ADD CONSTRAINT "equipo_archivos_equipo_id_equipos_id_fk" FOREIGN KEY ("equipo_id") REFERENCES "public"."equipos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipo_archivos" ADD CONSTRAINT "equipo_archivos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipos" ADD CONSTRAINT "equipos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipos" ADD CONSTRAINT "equipos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipos" ADD CONSTRAINT "equipos_ubicacion_id_ubicaciones_id_fk" FOREIGN KEY ("ubicacion_id") REFERENCES "public"."ubicaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ubicaciones" ADD CONSTRAINT "ubicaciones_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ubicaciones" ADD CONSTRAINT "ubicaciones_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipo_archivos_equipo_idx" ON "equipo_archivos" USING btree ("entidad_id","equipo_id","id");--> statement-breakpoint
CREATE INDEX "equipos_entidad_nombre_idx" ON "equipos" USING btree ("entidad_id","nombre","id");--> statement-breakpoint
CREATE INDEX "equipos_entidad_cliente_idx" ON "equipos" USING btree ("entidad_id","cliente_id");--> statement-breakpoint
CREATE INDEX "equipos_ubicacion_idx" ON "equipos" USING btree ("ubicacion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipos_entidad_codigo_uq" ON "equipos" USING btree ("entidad_id",lower("codigo"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipos_codigo_qr_uq" ON "equipos" USING btree ("codigo_qr");--> statement-breakpoint
CREATE INDEX "ubicaciones_entidad_cliente_idx" ON "ubicaciones" USING btree ("entidad_id","cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ubicaciones_cliente_codigo_uq" ON "ubicaciones" USING btree ("cliente_id",lower("codigo"));--> statement-breakpoint
CREATE UNIQUE INDEX "ubicaciones_codigo_qr_uq" ON "ubicaciones" USING btree ("codigo_qr");--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_ubicacion_id_ubicaciones_id_fk" FOREIGN KEY ("ubicacion_id") REFERENCES "public"."ubicaciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_equipo_id_equipos_id_fk" FOREIGN KEY ("equipo_id") REFERENCES "public"."equipos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ordenes_equipo_creada_idx" ON "ordenes" USING btree ("entidad_id","equipo_id","creada" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ordenes"."equipo_id" is not null and "ordenes"."eliminada" is null;--> statement-breakpoint
CREATE INDEX "ordenes_ubicacion_idx" ON "ordenes" USING btree ("entidad_id","ubicacion_id") WHERE "ordenes"."ubicacion_id" is not null;