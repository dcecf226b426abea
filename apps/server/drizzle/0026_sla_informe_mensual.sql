CREATE TABLE "sla_informes_clientes" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"activo" boolean NOT NULL,
	"email" text,
	"activado" timestamp with time zone,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_informes_enlaces" (
	"cliente_id" integer NOT NULL,
	"mes" text NOT NULL,
	"entidad_id" integer NOT NULL,
	"hash" text NOT NULL,
	"cifrado" text,
	"creado" timestamp with time zone NOT NULL,
	CONSTRAINT "sla_informes_enlaces_cliente_id_mes_pk" PRIMARY KEY("cliente_id","mes")
);
--> statement-breakpoint
CREATE TABLE "sla_informes_envios" (
	"cliente_id" integer NOT NULL,
	"mes" text NOT NULL,
	"entidad_id" integer NOT NULL,
	"email" text NOT NULL,
	"enviado" timestamp with time zone NOT NULL,
	CONSTRAINT "sla_informes_envios_cliente_id_mes_pk" PRIMARY KEY("cliente_id","mes")
);
--> statement-breakpoint
ALTER TABLE "sla_informes_clientes" ADD CONSTRAINT "sla_informes_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_informes_clientes" ADD CONSTRAINT "sla_informes_clientes_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_informes_enlaces" ADD CONSTRAINT "sla_informes_enlaces_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_informes_enlaces" ADD CONSTRAINT "sla_informes_enlaces_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_informes_envios" ADD CONSTRAINT "sla_informes_envios_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_informes_envios" ADD CONSTRAINT "sla_informes_envios_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sla_informes_clientes_activos_idx" ON "sla_informes_clientes" USING btree ("entidad_id") WHERE "sla_informes_clientes"."activo";--> statement-breakpoint
CREATE UNIQUE INDEX "sla_informes_enlaces_hash_uq" ON "sla_informes_enlaces" USING btree ("hash");