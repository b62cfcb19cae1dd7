-- Reading templates asks who the caller is once a statement, not once a row (issue 20).
--
-- The select policies called `reads_workflow_template(law_firm_id, owner_id)` for every template
-- and `reads_workflow_template_of(template_id)` for every step: each a security-definer function
-- that asks `is_admin()`, `current_law_firm()` and `current_access_level()` again, so the workflow
-- index's read of the templates with their steps made about four function calls a step (20-35 ms
-- for the demo firm's templates). The same rule is now written with the caller's facts as
-- uncorrelated subqueries, which Postgres evaluates once a statement, and a step is readable when
-- its template is: `template_id in (select id from workflow_templates)` applies the templates'
-- own select policy once, as the caller, and hashes the ids. Who may read what is unchanged
-- (tests/integration/product/workflows-rls.test.ts holds both tables to it for every access level).

drop policy "workflow_templates: the firm's lawyers, the owner, admins read" on public.workflow_templates;
create policy "workflow_templates: the firm's lawyers, the owner, admins read"
  on public.workflow_templates for select to authenticated
  using (
    owner_id = (select auth.uid())
    or (law_firm_id = (select public.current_law_firm())
        and (select public.current_access_level()) in ('lawyer', 'lawyer_admin'))
    or (select public.is_admin())
  );

drop policy "workflow_template_steps: who reads the template" on public.workflow_template_steps;
create policy "workflow_template_steps: who reads the template"
  on public.workflow_template_steps for select to authenticated
  using (template_id in (select t.id from public.workflow_templates t));
