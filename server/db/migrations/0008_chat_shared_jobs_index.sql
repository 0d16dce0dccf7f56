-- The conversations list asks which jobs each conversation is about: messages naming a job between the caller and
-- any of their partners ((sender = me and receiver in partners) or (receiver = me and sender in partners)). With only
-- messages_job_idx (conversation_id, job_id) the planner read every message that names a job, of every
-- conversation — 145 ms with 1M messages (npm run bench EXPLAIN, "conversations"). This partial index answers both
-- halves of the OR (receiver first, then sender: a bitmap OR of two probes), ~2 ms on the same data. Only messages
-- that name a job are in it, so ordinary sends do not pay for it.
create index messages_job_pair_idx on messages (receiver_id, sender_id) where job_id is not null;
