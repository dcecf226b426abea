-- Issue 16 (docs/CLIENTE.md): the public links of orders (only the SHA-256 is looked up; the token
-- is also kept encrypted so the company can copy it again), the files shown on the public page,
-- and each order's billing data with the delegation to the client (its form token as SHA-256).
CREATE TABLE "orden_enlaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"hash" text NOT NULL,
	"cifrado" text,
	"creado" timestamp with time zone NOT NULL,
	"creado_por" integer NOT NULL,
	"revocado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orden_archivos_compartidos" (
	"archivo_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_facturacion" (
	"orden_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"razon_social" text,
	"cuit" text,
	"condicion_iva" text,
	"domicilio_fiscal" text,
	"email" text,
	"actualizado" timestamp with time zone,
	"por_cliente" boolean DEFAULT false NOT NULL,
	"delegada_email" text,
	"delegada" timestamp with time zone,
	"delegada_por" integer,
	"formulario_hash" text,
	"formulario_vence" timestamp with time zone,
	"respondida" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orden_enlaces" ADD CONSTRAINT "orden_enlaces_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_enlaces" ADD CONSTRAINT "orden_enlaces_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_enlaces" ADD CONSTRAINT "orden_enlaces_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivos_compartidos" ADD CONSTRAINT "orden_archivos_compartidos_archivo_id_orden_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."orden_archivos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivos_compartidos" ADD CONSTRAINT "orden_archivos_compartidos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivos_compartidos" ADD CONSTRAINT "orden_archivos_compartidos_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_facturacion" ADD CONSTRAINT "orden_facturacion_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_facturacion" ADD CONSTRAINT "orden_facturacion_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_facturacion" ADD CONSTRAINT "orden_facturacion_delegada_por_usuarios_id_fk" FOREIGN KEY ("delegada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orden_enlaces_hash_uq" ON "orden_enlaces" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_enlaces_activo_uq" ON "orden_enlaces" USING btree ("orden_id") WHERE "orden_enlaces"."revocado" is null;--> statement-breakpoint
CREATE INDEX "orden_archivos_compartidos_orden_idx" ON "orden_archivos_compartidos" USING btree ("orden_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_facturacion_formulario_uq" ON "orden_facturacion" USING btree ("formulario_hash");
