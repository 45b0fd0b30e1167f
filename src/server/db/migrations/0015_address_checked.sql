-- A saved address the geo provider could not check when it was saved (the provider was down): kept
-- as typed, marked for Мои адреса, and checked again when the clinic next uses it in a request.
ALTER TABLE "addresses" ADD COLUMN "checked" boolean DEFAULT true NOT NULL;
