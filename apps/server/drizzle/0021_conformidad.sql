CREATE TABLE "orden_conformidad" (
	"orden_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"firma_clave" text,
	"firma_tipo" text,
	"firma_nombre" text,
	"firma_dni" text,
	"firma_fecha" timestamp with time zone,
	"firma_registrada" timestamp with time zone,
	"firma_usuario_id" integer,
	"firma_lat" double precision,
	"firma_lng" double precision,
	"firma_precision" double precision,
	"remota_conforme" boolean,
	"remota_motivo" text,
	"remota_fecha" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tipo_orden_conformidad" (
	"tipo_orden_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"conformidad" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orden_conformidad" ADD CONSTRAINT "orden_conformidad_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_conformidad" ADD CONSTRAINT "orden_conformidad_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_conformidad" ADD CONSTRAINT "orden_conformidad_firma_usuario_id_usuarios_id_fk" FOREIGN KEY ("firma_usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_orden_conformidad" ADD CONSTRAINT "tipo_orden_conformidad_tipo_orden_id_tipos_orden_id_fk" FOREIGN KEY ("tipo_orden_id") REFERENCES "public"."tipos_orden"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_orden_conformidad" ADD CONSTRAINT "tipo_orden_conformidad_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_conformidad_entidad_idx" ON "orden_conformidad" USING btree ("entidad_id","estado");