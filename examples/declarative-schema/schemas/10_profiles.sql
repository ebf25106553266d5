-- One profile per signed-in user of the app (auth.users); everyone signed in reads them, each owner edits their own.
create table public.profiles (
  id bigint generated always as identity primary key,
  username text not null unique check (char_length(username) between 3 and 32),
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per user of the app.';

alter table public.profiles enable row level security;

create policy "profiles are readable" on public.profiles
  for select to authenticated using (true);

create policy "owners update their profile" on public.profiles
  for update to authenticated using (owner = (select auth.uid())) with check (owner = (select auth.uid()));

revoke all on table public.profiles from anon;
