CREATE TABLE "orden_externos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"email" text,
	"whatsapp" text,
	"mensaje" text,
	"hash" text NOT NULL,
	"cifrado" text,
	"respuesta" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"respondido" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_por" integer NOT NULL,
	"revocado" timestamp with time zone,
	"revocado_por" integer,
	"renovado_hasta" timestamp with time zone,
	"correo_enviado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "externo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_externos" ADD CONSTRAINT "orden_externos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_externos" ADD CONSTRAINT "orden_externos_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_externos" ADD CONSTRAINT "orden_externos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_externos" ADD CONSTRAINT "orden_externos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_externos" ADD CONSTRAINT "orden_externos_revocado_por_usuarios_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orden_externos_hash_uq" ON "orden_externos" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_externos_abierto_uq" ON "orden_externos" USING btree ("orden_id") WHERE "orden_externos"."revocado" is null and "orden_externos"."respuesta" <> 'rechazada';--> statement-breakpoint
CREATE INDEX "orden_externos_orden_idx" ON "orden_externos" USING btree ("entidad_id","orden_id");--> statement-breakpoint
CREATE INDEX "orden_externos_contacto_idx" ON "orden_externos" USING btree ("entidad_id","usuario_id");