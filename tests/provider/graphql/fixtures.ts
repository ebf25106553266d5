/** The schema and rows the GraphQL conformance suites run against, and what their tests share. */
import type { GqlOptions, Harness } from "./backends";

export const QUERY_SCHEMA_SQL = `
set timezone = 'UTC';
create type mood as enum ('happy', 'sad', 'meh');
create table account (
  id serial primary key,
  email varchar(30) not null unique,
  name text not null,
  age int,
  score float8,
  balance numeric,
  big bigint,
  active boolean,
  born date,
  wake time,
  created_at timestamptz,
  uid uuid,
  meta jsonb,
  tags text[],
  nums int[],
  mood mood,
  addr inet
);
insert into account (email, name, age, score, balance, big, active, born, wake, created_at, uid, meta, tags, nums, mood, addr) values
 ('a@x.com', 'Alice', 30, 1.5, 10.50, 9007199254740993, true, '1990-01-01', '07:00', '2024-01-01T00:00:00Z', '11111111-1111-1111-1111-111111111111', '{"a": 1}', '{red,blue}', '{1,2}', 'happy', '10.0.0.1'),
 ('b@x.com', 'Bob', 25, 2.5, 20, 2, false, '1995-06-15', '08:30', '2024-02-01T00:00:00Z', '22222222-2222-2222-2222-222222222222', '[1, 2]', '{blue}', '{2,3}', 'sad', '10.0.0.2'),
 ('c@y.org', 'carol', null, null, null, null, null, null, null, null, null, null, null, null, null, null),
 ('d@y.org', 'Dave', 40, 4.5, 40.25, 4, true, '1980-12-31', '22:15', '2024-03-01T00:00:00Z', '44444444-4444-4444-4444-444444444444', '{"b": [true]}', '{green}', '{4}', 'meh', null),
 ('e@x.com', 'eve_e', 25, 5.5, 50, 5, false, '2000-02-29', '06:00', '2024-04-01T00:00:00Z', '55555555-5555-5555-5555-555555555555', null, '{}', '{}', 'happy', null);

create table blog (id serial primary key, owner_id int not null references account(id), title text not null, rating int);
insert into blog (owner_id, title, rating) values (1, 'A1', 5), (1, 'A2', 3), (2, 'B1', null), (4, 'D1', 4);
create table blog_post (id uuid primary key, blog_id int references blog(id) on delete cascade, title text not null);
insert into blog_post values
 ('aaaaaaaa-0000-0000-0000-000000000001', 1, 'p1'), ('aaaaaaaa-0000-0000-0000-000000000002', 1, 'p2'),
 ('aaaaaaaa-0000-0000-0000-000000000003', 2, 'p3'), ('aaaaaaaa-0000-0000-0000-000000000004', null, 'orphan');
create table profile (account_id int primary key references account(id), bio text);
insert into profile values (1, 'hi'), (2, 'yo');
create table comp_pk (a int, b int, v text, primary key (a, b));
insert into comp_pk values (1, 4, 'x'), (1, 5, 'y'), (2, 1, 'z');
create table nopk (x int);
create table weird ("and" int primary key, "or" text, "not" text);
insert into weird values (1, 'x', 'n1'), (2, 'y', 'n2');

create table renamed (id int primary key, full_name text, owner_id int references account(id));
comment on table renamed is e'@graphql({"name": "Member", "totalCount": {"enabled": true}, "max_rows": 3})';
comment on column renamed.full_name is e'@graphql({"name": "displayName"})';
comment on constraint renamed_owner_id_fkey on renamed is e'@graphql({"foreign_name": "holder", "local_name": "members"})';
insert into renamed select g, 'm' || g, 1 + (g % 2) from generate_series(1, 5) g;

create view account_view as select id, email, name from account where id <= 4;
comment on view account_view is e'@graphql({"primary_key_columns": ["id"]})';
create view blog_view as select id, owner_id, title from blog;
comment on view blog_view is e'@graphql({"primary_key_columns": ["id"], "foreign_keys": [{"local_name": "blogViews", "local_columns": ["owner_id"], "foreign_name": "author", "foreign_schema": "public", "foreign_table": "account_view", "foreign_columns": ["id"]}]})';
create view no_pk_view as select id from account;
create materialized view account_stats as select owner_id as id, count(*)::int as blogs from blog group by owner_id;
comment on materialized view account_stats is e'@graphql({"primary_key_columns": ["id"]})';

create table measure (id int, v text, primary key (id)) partition by range (id);
create table measure_low partition of measure for values from (0) to (100);
insert into measure values (1, 'one');

create function _display(rec account) returns text stable language sql as $$ select rec.name || ' <' || rec.email || '>' $$;
create function top_blogs(rec account) returns setof blog stable language sql as $$ select * from blog where owner_id = rec.id $$;
create function best_blog(rec account) returns blog stable language sql as $$ select * from blog where owner_id = rec.id order by rating desc nulls last limit 1 $$;

create schema inflected;
comment on schema inflected is e'@graphql({"inflect_names": true})';
grant usage on schema inflected to anon, authenticated, service_role;
create table inflected.account_holder (id serial primary key, first_name text, "account_BY_email" text);
create table inflected.blog_post (id serial primary key, owner_id int references inflected.account_holder(id), post_title text);
insert into inflected.account_holder (first_name, "account_BY_email") values ('Ann', 'ann@x');
insert into inflected.blog_post (owner_id, post_title) values (1, 'hello');
grant all on all tables in schema inflected to anon, authenticated, service_role;
grant all on all sequences in schema inflected to anon, authenticated, service_role;

create schema closed;
comment on schema closed is e'@graphql({"introspection": false})';
grant usage on schema closed to anon, authenticated, service_role;
create table closed.thing (id int primary key);
insert into closed.thing values (7);
grant all on all tables in schema closed to anon, authenticated, service_role;
`;

/** nodeId of `public.account` row 2, from pg_graphql's documented worked example. */
export const ACCOUNT_2_NODE_ID = "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDJd";

export const MUTATION_SCHEMA_SQL = `
set timezone = 'UTC';
create table account (id serial primary key, email varchar(10) not null unique, big bigint, price numeric, meta jsonb, tags text[], note text default 'none',
  constraint account_email_check check (email like '%@%'));
create table blog (id serial primary key, owner_id int not null references account(id) on delete cascade, title text not null);
insert into account (email) values ('a@x'), ('b@x'), ('c@x');
insert into blog (owner_id, title) values (1, 'a1'), (1, 'a2'), (2, 'b1');
create table tag (name text primary key, weight int);
create function _shout(rec account) returns text stable language sql as $$ select upper(rec.email) $$;
`;

/** The seven arguments of every collection entry and of a set-returning function, in pg_graphql's order. */
export const CONNECTION_ARGS = ["first", "last", "before", "after", "offset", "filter", "orderBy"];

/** A request that must fail: its first error's message. */
export const gqlError =
  (h: Harness) =>
  async (query: string, variables?: unknown, opts?: GqlOptions): Promise<string> => {
    const body = await h.gql(query, variables, opts);
    expect(body.errors).toBeDefined();
    return body.errors[0].message as string;
  };
