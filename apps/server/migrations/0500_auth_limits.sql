-- Issue 12: a TOTP code is single-use (docs/api.md "Auth and profile"). The last accepted 30 s step of
-- the user's code; a code of that step or an earlier one is refused. A new secret resets it.
alter table users add column totp_last_step bigint;
