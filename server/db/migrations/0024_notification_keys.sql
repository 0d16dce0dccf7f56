-- What a notification says, as a catalogue key and its arguments (ADR 069), beside the English `message` it has always
-- kept: the row is rendered in its reader's language when read or pushed, so switching language re-renders old ones.
-- Null for rows written before (and for the chat's "sent you a message" row): those are read back from the English.
alter table notifications add column message_key text, add column message_params jsonb;
