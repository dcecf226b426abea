CREATE TABLE "registro_gastos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"autor_id" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"concepto" text NOT NULL,
	"centavos" bigint NOT NULL,
	"moneda" text DEFAULT 'ARS' NOT NULL,
	"comprobante_archivo_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registro_gastos_centavos_ck" CHECK ("registro_gastos"."centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "registro_horas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"autor_id" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"dia" date NOT NULL,
	"minutos" integer NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registro_horas_minutos_ck" CHECK ("registro_horas"."minutos" between 1 and 1440)
);
--> statement-breakpoint
CREATE TABLE "orden_archivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
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
ALTER TABLE "registro_gastos" ADD CONSTRAINT "registro_gastos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_gastos" ADD CONSTRAINT "registro_gastos_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_gastos" ADD CONSTRAINT "registro_gastos_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_gastos" ADD CONSTRAINT "registro_gastos_comprobante_archivo_id_orden_archivos_id_fk" FOREIGN KEY ("comprobante_archivo_id") REFERENCES "public"."orden_archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_horas" ADD CONSTRAINT "registro_horas_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_horas" ADD CONSTRAINT "registro_horas_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_horas" ADD CONSTRAINT "registro_horas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_horas" ADD CONSTRAINT "registro_horas_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivos" ADD CONSTRAINT "orden_archivos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivos" ADD CONSTRAINT "orden_archivos_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_archivos" ADD CONSTRAINT "orden_archivos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registro_gastos_orden_idx" ON "registro_gastos" USING btree ("entidad_id","orden_id");--> statement-breakpoint
CREATE INDEX "registro_horas_orden_idx" ON "registro_horas" USING btree ("entidad_id","orden_id");--> statement-breakpoint
CREATE INDEX "registro_horas_usuario_dia_idx" ON "registro_horas" USING btree ("entidad_id","usuario_id","dia");--> statement-breakpoint
CREATE INDEX "registro_horas_dia_idx" ON "registro_horas" USING btree ("entidad_id","dia");--> statement-breakpoint
CREATE INDEX "orden_archivos_orden_idx" ON "orden_archivos" USING btree ("entidad_id","orden_id","id");