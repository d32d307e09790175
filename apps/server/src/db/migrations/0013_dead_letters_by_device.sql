-- A device's latest refusals (its messages tab) without reading every dead letter of its tenant.
CREATE INDEX ingest_dead_letters_by_device ON ingest_dead_letters (tenant_id, device_id, received_at DESC);
