-- The three fixed roles. Their ids are part of the API contract (ROLE_IDS in @eclat/shared).
INSERT INTO "roles" ("id", "name") VALUES
  ('9b1c3f4e-0a6d-4c51-8f2e-5d7a1b2c3d01', 'admin'),
  ('9b1c3f4e-0a6d-4c51-8f2e-5d7a1b2c3d02', 'employee'),
  ('9b1c3f4e-0a6d-4c51-8f2e-5d7a1b2c3d03', 'customer')
ON CONFLICT ("id") DO NOTHING;
