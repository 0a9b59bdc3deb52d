-- The AI assistant's organisation settings (spec 2 §6, issue 13): whether its projects show AI features at
-- all, whether members who opted in may send schema metadata, and whether the audit log keeps prompt texts.
alter table basalt.organizations
  add column ai_enabled boolean not null default true,
  add column ai_allow_schema_metadata boolean not null default true,
  add column ai_record_prompts boolean not null default false;
