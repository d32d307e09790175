-- A transformer's cooling mode (IEC 60076-7:2018 Table 5), which picks its thermal parameters for the loss of life.
-- Null: not recorded, and the model uses the ONAN distribution defaults (docs/decisions.md, "A transformer's own
-- thermal parameters"). Devices that exist keep null: nobody has recorded their cooling yet.
ALTER TABLE power_devices ADD COLUMN cooling text CHECK (cooling IN ('ONAN', 'ONAF'));
