CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"archivada" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "e5s_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"clave" text NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prioridades" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"nivel" integer NOT NULL,
	"color" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_orden" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"archivado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"cuit" text,
	"contacto" text,
	"email" text,
	"telefono" text,
	"direccion" text,
	"notas" text,
	"activo" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"cuit" text,
	"logo" text,
	"ultimo_numero_orden" integer DEFAULT 0 NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"orden_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"usuario_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"estado_anterior_id" smallint,
	"estado_nuevo_id" smallint,
	"comentario" text,
	"datos" jsonb
);
--> statement-breakpoint
CREATE TABLE "orden_responsables" (
	"orden_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "orden_responsables_orden_id_usuario_id_pk" PRIMARY KEY("orden_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "ordenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"titulo" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"tipo_orden_id" integer,
	"area_id" integer,
	"prioridad_id" integer,
	"estado_id" smallint NOT NULL,
	"cliente_id" integer,
	"fecha_inicio" timestamp with time zone,
	"fecha_fin" timestamp with time zone,
	"registro_responsable_id" integer NOT NULL,
	"e5s_area_key" text,
	"e5s_area_name" text,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada" timestamp with time zone DEFAULT now() NOT NULL,
	"finalizada" timestamp with time zone,
	"eliminada" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "permisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	"tipo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_cliente_permisos" (
	"entidad_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"delegar_orden" boolean DEFAULT false NOT NULL,
	"modificar_orden" boolean DEFAULT false NOT NULL,
	"borrar_orden" boolean DEFAULT false NOT NULL,
	CONSTRAINT "usuario_cliente_permisos_usuario_id_cliente_id_pk" PRIMARY KEY("usuario_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_permisos" (
	"usuario_id" integer NOT NULL,
	"permiso" text NOT NULL,
	CONSTRAINT "usuario_permisos_usuario_id_permiso_pk" PRIMARY KEY("usuario_id","permiso")
);
--> statement-breakpoint
CREATE TABLE "planes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"quota" integer,
	"precio_mensual" numeric(12, 2) DEFAULT '0' NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "planes_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "suscripciones" (
	"entidad_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"quota" integer,
	"quota_disponible" integer,
	"periodo_inicio" timestamp with time zone NOT NULL,
	"fecha_proximo_vencimiento" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text NOT NULL,
	CONSTRAINT "roles_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "usuario_roles" (
	"usuario_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	CONSTRAINT "usuario_roles_usuario_id_rol_id_pk" PRIMARY KEY("usuario_id","rol_id")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"usuario" text NOT NULL,
	"password_hash" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"email" text,
	"activo" boolean DEFAULT true NOT NULL,
	"supervisor_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e5s_areas" ADD CONSTRAINT "e5s_areas_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prioridades" ADD CONSTRAINT "prioridades_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_orden" ADD CONSTRAINT "tipos_orden_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_eventos" ADD CONSTRAINT "orden_eventos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_eventos" ADD CONSTRAINT "orden_eventos_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_eventos" ADD CONSTRAINT "orden_eventos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_responsables" ADD CONSTRAINT "orden_responsables_orden_id_ordenes_id_fk" FOREIGN KEY ("orden_id") REFERENCES "public"."ordenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_responsables" ADD CONSTRAINT "orden_responsables_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_tipo_orden_id_tipos_orden_id_fk" FOREIGN KEY ("tipo_orden_id") REFERENCES "public"."tipos_orden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_prioridad_id_prioridades_id_fk" FOREIGN KEY ("prioridad_id") REFERENCES "public"."prioridades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes" ADD CONSTRAINT "ordenes_registro_responsable_id_usuarios_id_fk" FOREIGN KEY ("registro_responsable_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cliente_permisos" ADD CONSTRAINT "usuario_cliente_permisos_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cliente_permisos" ADD CONSTRAINT "usuario_cliente_permisos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cliente_permisos" ADD CONSTRAINT "usuario_cliente_permisos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_permisos" ADD CONSTRAINT "usuario_permisos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD CONSTRAINT "suscripciones_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones" ADD CONSTRAINT "suscripciones_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_roles" ADD CONSTRAINT "usuario_roles_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_roles" ADD CONSTRAINT "usuario_roles_rol_id_roles_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_entidad_idx" ON "areas" USING btree ("entidad_id");--> statement-breakpoint
CREATE INDEX "e5s_areas_entidad_idx" ON "e5s_areas" USING btree ("entidad_id","clave");--> statement-breakpoint
CREATE INDEX "prioridades_entidad_idx" ON "prioridades" USING btree ("entidad_id");--> statement-breakpoint
CREATE INDEX "tipos_orden_entidad_idx" ON "tipos_orden" USING btree ("entidad_id");--> statement-breakpoint
CREATE INDEX "clientes_entidad_idx" ON "clientes" USING btree ("entidad_id");--> statement-breakpoint
CREATE INDEX "orden_eventos_orden_idx" ON "orden_eventos" USING btree ("orden_id","fecha");--> statement-breakpoint
CREATE INDEX "orden_responsables_usuario_idx" ON "orden_responsables" USING btree ("usuario_id","orden_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ordenes_entidad_numero_uq" ON "ordenes" USING btree ("entidad_id","numero");--> statement-breakpoint
CREATE INDEX "ordenes_entidad_creada_idx" ON "ordenes" USING btree ("entidad_id","creada" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ordenes"."eliminada" is null;--> statement-breakpoint
CREATE INDEX "ordenes_entidad_estado_idx" ON "ordenes" USING btree ("entidad_id","estado_id");--> statement-breakpoint
CREATE INDEX "ordenes_entidad_cliente_idx" ON "ordenes" USING btree ("entidad_id","cliente_id");--> statement-breakpoint
CREATE INDEX "ordenes_entidad_fin_idx" ON "ordenes" USING btree ("entidad_id","fecha_fin");--> statement-breakpoint
CREATE INDEX "ucp_entidad_idx" ON "usuario_cliente_permisos" USING btree ("entidad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_usuario_lower_uq" ON "usuarios" USING btree (lower("usuario"));--> statement-breakpoint
CREATE INDEX "usuarios_entidad_idx" ON "usuarios" USING btree ("entidad_id");