-- The language a person reads Microlance in (issue 26, DECISIONS.md "Languages and alerts"): the web app's screens,
-- and the notifications and emails the server writes for them. English (India) unless they chose Hindi.
alter table users add column language text not null default 'en-IN' check (language in ('en-IN', 'hi-IN'));
