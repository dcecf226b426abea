-- Issue 28: the caps on outgoing mail count a company's mails of the last 24 h, and the sign-up
-- notices to one address (modules/mail/limites.ts).
CREATE INDEX "correo_salida_entidad_creado_idx" ON "correo_salida" USING btree ("entidad_id","creado");--> statement-breakpoint
CREATE INDEX "correo_salida_para_creado_idx" ON "correo_salida" USING btree (lower("para"),"creado");