CREATE TABLE "feriados_empresa" (
	"entidad_id" integer NOT NULL,
	"dia" date NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feriados_empresa_entidad_id_dia_pk" PRIMARY KEY("entidad_id","dia")
);
--> statement-breakpoint
CREATE TABLE "semanas_habiles" (
	"entidad_id" integer PRIMARY KEY NOT NULL,
	"semana" jsonb NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feriados_empresa" ADD CONSTRAINT "feriados_empresa_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "semanas_habiles" ADD CONSTRAINT "semanas_habiles_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE cascade ON UPDATE no action;