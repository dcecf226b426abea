CREATE TABLE "checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"posicion" integer NOT NULL,
	"seccion" text,
	"etiqueta" text NOT NULL,
	"tipo" text NOT NULL,
	"requerido" boolean DEFAULT false NOT NULL,
	"publico" boolean DEFAULT false NOT NULL,
	"unidad" text,
	"min" double precision,
	"max" double precision,
	"ad_hoc" boolean DEFAULT false NOT NULL,
	"respuesta" jsonb,
	"hecho" boolean DEFAULT false NOT NULL,
	"fallido" boolean DEFAULT false NOT NULL,
	"respondido_por" integer,
	"respondido_en" timestamp with time zone,
	"firma_clave" text,
	"firma_mime" text,
	"seguimiento_orden_id" integer,
	CONSTRAINT "checklist_items_tipo_ck" CHECK ("checklist_items"."tipo" in ('tick', 'pasa_falla', 'numero', 'texto', 'foto', 'firma'))
);
--> statement-breakpoint
CREATE TABLE "checklist_ordenes" (
	"orden_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"tipo_orden_id" integer,
	"plantilla_id" integer,
	"version" integer,
	"origen_orden_id" integer,
	"origen_item_id" integer,
	"hechos" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_plantillas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"tipo_orden_id" integer NOT NULL,
	"version" integer NOT NULL,
	"items" jsonb NOT NULL,
	"usuario_id" integer NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_respondido_por_usuarios_id_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_seguimiento_orden_id_ordenes_id_fk" FOREIGN KEY ("seguimiento_orden_id") REFERENCES "public"."ordenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ordenes" ADD CONSTRAINT "checklist_ordenes_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ordenes" ADD CONSTRAINT "checklist_ordenes_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ordenes" ADD CONSTRAINT "checklist_ordenes_tipo_orden_id_tipos_orden_id_fk" FOREIGN KEY ("tipo_orden_id") REFERENCES "public"."tipos_orden"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ordenes" ADD CONSTRAINT "checklist_ordenes_plantilla_id_checklist_plantillas_id_fk" FOREIGN KEY ("plantilla_id") REFERENCES "public"."checklist_plantillas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_ordenes" ADD CONSTRAINT "checklist_ordenes_origen_orden_id_ordenes_id_fk" FOREIGN KEY ("origen_orden_id") REFERENCES "public"."ordenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_plantillas" ADD CONSTRAINT "checklist_plantillas_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_plantillas" ADD CONSTRAINT "checklist_plantillas_tipo_orden_id_tipos_orden_id_fk" FOREIGN KEY ("tipo_orden_id") REFERENCES "public"."tipos_orden"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_plantillas" ADD CONSTRAINT "checklist_plantillas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_items_orden_idx" ON "checklist_items" USING btree ("orden_id","posicion");--> statement-breakpoint
CREATE INDEX "checklist_ordenes_entidad_idx" ON "checklist_ordenes" USING btree ("entidad_id");--> statement-breakpoint
CREATE INDEX "checklist_ordenes_origen_idx" ON "checklist_ordenes" USING btree ("origen_orden_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_plantillas_tipo_version_uq" ON "checklist_plantillas" USING btree ("tipo_orden_id","version");