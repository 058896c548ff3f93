CREATE TABLE "service_image_variants" (
	"service_id" uuid NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "service_image_variants_service_id_format_width_pk" PRIMARY KEY("service_id","format","width"),
	CONSTRAINT "service_image_variants_format" CHECK ("service_image_variants"."format" in ('avif', 'webp')),
	CONSTRAINT "service_image_variants_size" CHECK ("service_image_variants"."width" > 0 and "service_image_variants"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "service_images" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "service_images" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "service_image_variants" ADD CONSTRAINT "service_image_variants_service_id_service_images_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_images"("service_id") ON DELETE cascade ON UPDATE no action;