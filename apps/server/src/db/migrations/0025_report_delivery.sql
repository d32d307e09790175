-- Report delivery (issue 29): what the schedule runner needs on the tables of migration 0024.

-- Who to tell when a schedule keeps failing: the address in the creator's token (its email claim), kept with the
-- schedule; and how many of its runs have failed in a row (0 after a run that went or was rightly skipped).
ALTER TABLE report_schedules ADD COLUMN owner_email text;
ALTER TABLE report_schedules ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0;

-- A run is claimed for a while by the process sending it (a lease, as the alert outbox does): another process takes
-- it only once the lease has run out, so a process that died mid-send does not leave the run pending for ever.
ALTER TABLE report_schedule_runs ADD COLUMN claimed_until timestamptz;
-- Why it was skipped or failed, as a code the screen words in the user's language (reason keeps the detail).
ALTER TABLE report_schedule_runs ADD COLUMN reason_code text CHECK (
  reason_code IN ('nothing_needs_attention', 'no_recipients', 'mail_failed', 'mail_not_configured', 'report_failed', 'schedule_changed')
);
-- Why the PDF did not go with the spreadsheets (no browser, a timeout), when it did not.
ALTER TABLE report_schedule_runs ADD COLUMN pdf_missing text;
-- Runs asked for by a user (send now) beside the scheduled ones.
ALTER TABLE report_schedule_runs ADD COLUMN manual boolean NOT NULL DEFAULT false;

CREATE INDEX report_schedule_runs_pending ON report_schedule_runs (next_attempt_at) WHERE status = 'pending';
