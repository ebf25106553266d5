-- The todos of each profile, visible to their owner only.
create table public.todos (
  id bigint generated always as identity primary key,
  profile_id bigint not null references public.profiles (id) on delete cascade,
  title text not null check (title <> ''),
  status public.todo_status not null default 'open',
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  inserted_at timestamptz not null default now()
);

create index todos_profile_id_idx on public.todos (profile_id);

comment on column public.todos.status is 'Where the todo stands.';

alter table public.todos enable row level security;

create policy "owners read their todos" on public.todos
  for select to authenticated using (owner = (select auth.uid()));

create policy "owners add todos" on public.todos
  for insert to authenticated with check (owner = (select auth.uid()));

revoke all on table public.todos from anon;

-- What the app lists: a view that runs with the caller's rights, so the policies above apply through it.
create view public.open_todos with (security_invoker = true) as
  select id, profile_id, title, status from public.todos where status <> 'done';

create function public.todo_count(profile bigint) returns bigint
  language sql stable
  as $$ select count(*) from public.todos where profile_id = profile $$;

revoke execute on function public.todo_count(bigint) from anon;
