-- Types the tables share.
create type public.todo_status as enum ('open', 'doing', 'done');
