CREATE TABLE "secretos_instancia" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
