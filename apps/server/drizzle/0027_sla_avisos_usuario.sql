CREATE TABLE "sla_avisos_usuario" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"entidad_id" integer NOT NULL,
	"correo" boolean NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sla_avisos_usuario" ADD CONSTRAINT "sla_avisos_usuario_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_avisos_usuario" ADD CONSTRAINT "sla_avisos_usuario_entidad_id_entidades_id_fk" FOREIGN KEY ("entidad_id") REFERENCES "public"."entidades"("id") ON DELETE no action ON UPDATE no action;