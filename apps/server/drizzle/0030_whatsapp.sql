CREATE TABLE "whatsapp_bajas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"numero" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"numero" text,
	"opt_in_fecha" timestamp with time zone,
	"opt_in_origen" text,
	"opt_in_por" integer,
	"opt_out_fecha" timestamp with time zone,
	"opt_out_origen" text,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_estados" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"mensaje_id" integer NOT NULL,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_recibidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"cliente_id" integer,
	"respuesta_a" integer,
	"numero" text NOT NULL,
	"wamid" text NOT NULL,
	"texto" text NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"creado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_salida" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"clave" text NOT NULL,
	"evento" text NOT NULL,
	"destinatario_tipo" text NOT NULL,
	"usuario_id" integer,
	"cliente_id" integer,
	"orden_id" integer,
	"numero" text NOT NULL,
	"plantilla" text NOT NULL,
	"parametros" jsonb NOT NULL,
	"texto" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone NOT NULL,
	"reclamado_hasta" timestamp with time zone,
	"wamid" text,
	"ultimo_error" text,
	"correo_respaldo" text,
	"creado" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"numero" text,
	"opt_in_fecha" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_bajas" ADD CONSTRAINT "whatsapp_bajas_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_clientes" ADD CONSTRAINT "whatsapp_clientes_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_clientes" ADD CONSTRAINT "whatsapp_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_clientes" ADD CONSTRAINT "whatsapp_clientes_opt_in_por_usuarios_id_fk" FOREIGN KEY ("opt_in_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_estados" ADD CONSTRAINT "whatsapp_estados_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_estados" ADD CONSTRAINT "whatsapp_estados_mensaje_id_whatsapp_salida_id_fk" FOREIGN KEY ("mensaje_id") REFERENCES "public"."whatsapp_salida"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_recibidos" ADD CONSTRAINT "whatsapp_recibidos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_recibidos" ADD CONSTRAINT "whatsapp_recibidos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_recibidos" ADD CONSTRAINT "whatsapp_recibidos_respuesta_a_whatsapp_salida_id_fk" FOREIGN KEY ("respuesta_a") REFERENCES "public"."whatsapp_salida"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_salida" ADD CONSTRAINT "whatsapp_salida_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_salida" ADD CONSTRAINT "whatsapp_salida_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_salida" ADD CONSTRAINT "whatsapp_salida_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_salida" ADD CONSTRAINT "whatsapp_salida_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_usuarios" ADD CONSTRAINT "whatsapp_usuarios_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_usuarios" ADD CONSTRAINT "whatsapp_usuarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_bajas_entidad_numero_uq" ON "whatsapp_bajas" USING btree ("entidad_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_clientes_cliente_uq" ON "whatsapp_clientes" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "whatsapp_clientes_numero_idx" ON "whatsapp_clientes" USING btree ("numero");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_estados_mensaje_estado_uq" ON "whatsapp_estados" USING btree ("mensaje_id","estado");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_recibidos_wamid_uq" ON "whatsapp_recibidos" USING btree ("entidad_id","wamid");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_salida_clave_uq" ON "whatsapp_salida" USING btree ("clave");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_salida_wamid_uq" ON "whatsapp_salida" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_salida_pendientes_idx" ON "whatsapp_salida" USING btree ("proximo_intento") WHERE "whatsapp_salida"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "whatsapp_salida_entidad_creado_idx" ON "whatsapp_salida" USING btree ("entidad_id","creado");--> statement-breakpoint
CREATE INDEX "whatsapp_salida_entidad_numero_idx" ON "whatsapp_salida" USING btree ("entidad_id","numero","creado");--> statement-breakpoint
CREATE INDEX "whatsapp_salida_orden_idx" ON "whatsapp_salida" USING btree ("entidad_id","orden_id") WHERE "whatsapp_salida"."orden_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_usuarios_usuario_uq" ON "whatsapp_usuarios" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "whatsapp_usuarios_numero_idx" ON "whatsapp_usuarios" USING btree ("numero");