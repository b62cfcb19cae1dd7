-- Idempotent creates (issue 18, item 1) and who opens a case (item 6).
--
-- Two clicks on "Publish" about 250 ms apart, or a form posted twice by a browser without
-- JavaScript, created two identical cases. Every form that creates a row now carries a key the
-- server made when it rendered the form (a UUID in a hidden input), and the row keeps it: the
-- database refuses the same key twice from the same person (unique per creator), so the second
-- post of one form creates nothing, and the app answers it with the row the first post made.
-- A row written without a key (the REST API, the system) is not constrained: nulls are distinct.
--
-- The key is written on insert only: no update grant, so it cannot be moved to another row.

alter table public.cases add column idempotency_key uuid;
alter table public.proposals add column idempotency_key uuid;

comment on column public.cases.idempotency_key is
  'the key of the form that created the case: the same person cannot create two cases with one key';
comment on column public.proposals.idempotency_key is
  'the key of the form that created the proposal: the same lawyer cannot create two proposals with one key';

create unique index cases_idempotency_key_idx on public.cases (client_id, idempotency_key);
create unique index proposals_idempotency_key_idx on public.proposals (lawyer_id, idempotency_key);

grant insert (idempotency_key) on public.cases to authenticated;
grant insert (idempotency_key) on public.proposals to authenticated;

-- Only a client (access level `user`) opens a case as its client (domain.md, access levels); an
-- admin may open one for anyone. A lawyer who inserted a case became the client of their own case
-- and published it to other lawyers. A restrictive policy: it narrows every permissive insert
-- policy of cases, whichever migration wrote it.
create policy "cases: only clients open cases; admins for anyone"
  on public.cases as restrictive for insert to authenticated
  with check ((select public.current_access_level()) = 'user' or (select public.is_admin()));
