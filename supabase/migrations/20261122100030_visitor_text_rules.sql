-- Rules for the text visitors send, so that what staff read (the dashboard, a CSV export opened in a
-- spreadsheet) is what a person typed: never blank-looking, never a live formula, never control characters.
-- Per field (docs/security.md has the table):
--   person names (name, customer_name)      refused if blank-looking, multi-line, or starting like a formula
--   e-mail                                  refused if it starts like a formula or holds invisible characters
--   phone                                   refused unless phone-shaped: digits, spaces, + ( ) - . /, an extension
--   brokerage, company                      kept, but stored with a leading apostrophe if it starts like a
--                                           formula ("@properties" is a real brokerage)
--   message, investment_focus               the same; line breaks and tabs inside are fine
--   instagram                               a leading @ is dropped (it is a handle), then as above
-- The page's schemas (src/lib/visitor-text.ts) mirror the refusals so the visitor sees which field to fix.
-- A NUL byte never gets here: Postgres text cannot hold one and PostgREST refuses the JSON (22P05); the page
-- strips it, and insertWithFallback words that refusal for people.

-- What shows nothing: controls, whitespace, format and other default-ignorable characters (Unicode's
-- White_Space and Default_Ignorable_Code_Point), and the blank braille pattern. Bracket-expression contents.
-- src/lib/visitor-text.ts holds the same list; tests/integration/visitor-text.test.ts compares them.
create or replace function private.invisible_characters()
returns text
language sql
immutable
set search_path = ''
as $$
  select '\u0001-\u0020\u007f-\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f'
      || '\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8'
      || '\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff';
$$;

create or replace function private.has_visible_text(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ ('[^' || private.invisible_characters() || ']');
$$;

-- Control characters, and the bidirectional overrides that make text display as something else. One-line
-- fields allow none; multi-line fields allow tab, line feed and carriage return.
create or replace function private.is_one_line(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value !~ '[\u0001-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';
$$;

create or replace function private.is_multi_line(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value !~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]';
$$;

-- What a spreadsheet takes for a formula: =, +, - or @ as the first character that shows (a tab or a carriage
-- return first counts too: they are invisible characters, and what follows them is what the cell starts with).
create or replace function private.starts_like_a_formula(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value ~ ('^[' || private.invisible_characters() || ']*[=+@-]');
$$;

-- The spreadsheet convention for "this is text": a leading apostrophe.
create or replace function private.as_spreadsheet_text(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when private.starts_like_a_formula(value) then '''' || value else value end;
$$;

create or replace function private.is_person_name(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select private.has_visible_text(value)
     and private.is_one_line(value)
     and not private.starts_like_a_formula(value)
     and length(value) <= 120;
$$;

create or replace function private.is_email(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select value is not null
     and length(value) <= 254
     and value ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
     and value !~ ('[' || private.invisible_characters() || ']')
     and not private.starts_like_a_formula(value);
$$;

create or replace function private.is_phone(value text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select length(value) <= 40
     and value ~* '^[+(]?[0-9][0-9 ()./-]*( ?(x|ext\.?|extension) ?[0-9]+)?$';
$$;

-- Kept text may carry the one apostrophe the trigger below adds in front of a formula-like start; that
-- apostrophe does not count against the visitor's length.
create or replace function private.is_kept_text(value text, max_length integer, multi_line boolean)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select private.has_visible_text(value)
     and (case when multi_line then private.is_multi_line(value) else private.is_one_line(value) end)
     and length(value) <= max_length
          + case when left(value, 1) = '''' and private.starts_like_a_formula(substr(value, 2)) then 1 else 0 end;
$$;

revoke all on function private.invisible_characters(), private.has_visible_text(text), private.is_one_line(text),
  private.is_multi_line(text), private.starts_like_a_formula(text), private.as_spreadsheet_text(text),
  private.is_person_name(text), private.is_phone(text), private.is_kept_text(text, integer, boolean) from public;
grant execute on function private.invisible_characters(), private.has_visible_text(text), private.is_one_line(text),
  private.is_multi_line(text), private.starts_like_a_formula(text), private.as_spreadsheet_text(text),
  private.is_person_name(text), private.is_phone(text), private.is_kept_text(text, integer, boolean)
  to anon, authenticated, service_role;

create or replace function private.keep_visitor_text_spreadsheet_safe()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  case tg_table_name
    when 'contacts' then
      new.message := private.as_spreadsheet_text(new.message);
    when 'realtors' then
      new.brokerage := private.as_spreadsheet_text(new.brokerage);
      new.instagram := private.as_spreadsheet_text(nullif(ltrim(new.instagram, '@'), ''));
    when 'investors' then
      new.company := private.as_spreadsheet_text(new.company);
      new.investment_focus := private.as_spreadsheet_text(new.investment_focus);
  end case;
  return new;
end;
$$;

revoke all on function private.keep_visitor_text_spreadsheet_safe() from public;

-- The old checks go first: rows already stored are made safe below, and the new checks are added NOT VALID
-- (they hold for every new or changed row; old rows that break them are the owner's to review, not a reason
-- for the migration to fail).
alter table public.contacts
  drop constraint contacts_name_check,
  drop constraint contacts_phone_check,
  drop constraint contacts_message_check;
alter table public.realtors
  drop constraint realtors_name_check,
  drop constraint realtors_phone_check,
  drop constraint realtors_brokerage_check,
  drop constraint realtors_instagram_check;
alter table public.investors
  drop constraint investors_name_check,
  drop constraint investors_phone_check,
  drop constraint investors_company_check,
  drop constraint investors_investment_focus_check;
alter table public.floor_visualizer_requests
  drop constraint floor_visualizer_requests_customer_name_check;

update public.contacts
  set name = private.as_spreadsheet_text(name), message = private.as_spreadsheet_text(message)
  where private.starts_like_a_formula(name) or private.starts_like_a_formula(message);
update public.realtors
  set name = private.as_spreadsheet_text(name),
      brokerage = private.as_spreadsheet_text(brokerage),
      instagram = private.as_spreadsheet_text(instagram)
  where private.starts_like_a_formula(name) or private.starts_like_a_formula(brokerage)
     or private.starts_like_a_formula(instagram);
update public.investors
  set name = private.as_spreadsheet_text(name),
      company = private.as_spreadsheet_text(company),
      investment_focus = private.as_spreadsheet_text(investment_focus)
  where private.starts_like_a_formula(name) or private.starts_like_a_formula(company)
     or private.starts_like_a_formula(investment_focus);
update public.floor_visualizer_requests
  set customer_name = private.as_spreadsheet_text(customer_name)
  where private.starts_like_a_formula(customer_name);

alter table public.contacts
  add constraint contacts_name_check check (private.is_person_name(name)) not valid,
  add constraint contacts_phone_check check (private.is_phone(phone)) not valid,
  add constraint contacts_message_check check (private.is_kept_text(message, 5000, true)) not valid;
alter table public.realtors
  add constraint realtors_name_check check (private.is_person_name(name)) not valid,
  add constraint realtors_phone_check check (private.is_phone(phone)) not valid,
  add constraint realtors_brokerage_check check (private.is_kept_text(brokerage, 160, false)) not valid,
  add constraint realtors_instagram_check
    check (instagram is null or private.is_kept_text(instagram, 100, false)) not valid;
alter table public.investors
  add constraint investors_name_check check (private.is_person_name(name)) not valid,
  add constraint investors_phone_check check (private.is_phone(phone)) not valid,
  add constraint investors_company_check check (private.is_kept_text(company, 160, false)) not valid,
  add constraint investors_investment_focus_check
    check (investment_focus is null or private.is_kept_text(investment_focus, 500, true)) not valid;
alter table public.floor_visualizer_requests
  add constraint floor_visualizer_requests_customer_name_check check (private.is_person_name(customer_name)) not valid;

create trigger contacts_spreadsheet_safe_text
  before insert or update on public.contacts
  for each row execute function private.keep_visitor_text_spreadsheet_safe();
create trigger realtors_spreadsheet_safe_text
  before insert or update on public.realtors
  for each row execute function private.keep_visitor_text_spreadsheet_safe();
create trigger investors_spreadsheet_safe_text
  before insert or update on public.investors
  for each row execute function private.keep_visitor_text_spreadsheet_safe();
