-- The ten built-in roles of spec §6 with their ids (HR has none in the spec: 10).
INSERT INTO roles (id, name, built_in, description) VALUES
  (1, 'ADMIN', true, 'Runs the console: every permission'),
  (2, 'USER', true, 'A learner: no console access'),
  (3, 'MOTIVATOR', true, 'Keeps their learners on track'),
  (4, 'MARKETING', true, 'Content and leads'),
  (5, 'MENTOR', true, 'Teaches courses and batches'),
  (6, 'STRATEGIC PARTNERSHIP', true, 'Colleges and partnerships'),
  (7, 'KEY ACCOUNT MANAGER', true, 'Hiring companies and their openings'),
  (8, 'NEGOTIATOR', true, 'ISA, subscriptions and payments'),
  (9, 'COLLEGE_ADMIN', true, 'Staff of a partner college: their college only'),
  (10, 'HR', true, 'Placements: openings, applicants, interviews')
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- Custom roles get ids from 100 up.
SELECT setval(pg_get_serial_sequence('roles', 'id'), 100, false);
