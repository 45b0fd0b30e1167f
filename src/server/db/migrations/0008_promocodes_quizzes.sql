CREATE TABLE "promocodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"points" integer NOT NULL,
	"max_uses" integer,
	"valid_until" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocodes_points_positive" CHECK ("points" > 0),
	CONSTRAINT "promocodes_uses_within_limit" CHECK ("max_uses" IS NULL OR "uses" <= "max_uses")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_code_key" ON "promocodes" USING btree ("code_key");--> statement-breakpoint
CREATE TABLE "promocode_uses" (
	"promocode_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocode_uses_promocode_id_client_id_pk" PRIMARY KEY("promocode_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "promocode_uses" ADD CONSTRAINT "promocode_uses_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_uses" ADD CONSTRAINT "promocode_uses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promocode_uses_client_idx" ON "promocode_uses" USING btree ("client_id");--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image_file_id" integer,
	"minutes_count" integer NOT NULL,
	"balls_count" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quizzes_active_idx" ON "quizzes" USING btree ("id" DESC) WHERE "active";--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quiz_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"has_own" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_questions_quiz_idx" ON "quiz_questions" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE TABLE "quiz_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"image_file_id" integer
);
--> statement-breakpoint
ALTER TABLE "quiz_items" ADD CONSTRAINT "quiz_items_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_items_question_idx" ON "quiz_items" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "quiz_items_image_idx" ON "quiz_items" USING btree ("image_file_id") WHERE "image_file_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "quiz_answers" (
	"quiz_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_answers_quiz_id_client_id_pk" PRIMARY KEY("quiz_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;
