import type { SupabaseClient } from "@supabase/supabase-js";
import type { AccessLevel } from "./access";
import type { Database as GeneratedDatabase, Json } from "./database.types";
import type {
  CasePriority,
  CaseRelation,
  CaseStatus,
  FeeType,
  MemberRole,
  PracticeArea,
  PreferredContact,
  ProposalStatus,
  WorkflowRole,
} from "./database-values";

export type { Json };

/**
 * The database as the app reads and writes it: the type `npm run db:types` generates from
 * supabase/migrations, with each text column that a check constraint limits to a list narrowed to
 * that list (./database-values.ts): PostgreSQL's catalog, and so the generator, knows them only as
 * `text`, and Supabase documents narrowing the generated type this way. Functions that return rows
 * of `cases` return the narrowed rows, functions that return a table say which of its columns may
 * be null, and functions that build JSON say what they build.
 */
export type Database = {
  [Schema in keyof GeneratedDatabase]: Schema extends "public"
    ? NarrowSchema<GeneratedDatabase["public"]>
    : GeneratedDatabase[Schema];
};

type Generated = GeneratedDatabase["public"];
type CaseColumns = { practice_area: PracticeArea; status: CaseStatus; priority: CasePriority };

/** The narrowed columns of each table, by table. */
type TableColumns = {
  cases: CaseColumns;
  case_members: { role: MemberRole };
  case_contacts: { preferred_contact: PreferredContact };
  proposals: { fee_type: FeeType; status: ProposalStatus };
  users: { access_level: AccessLevel };
  notifications: { params: { [key: string]: Json | undefined } };
  workflow_templates: { practice_area: PracticeArea };
  workflow_template_steps: { role: WorkflowRole };
  workflows: { practice_area: PracticeArea };
  workflow_steps: { role: WorkflowRole };
};

/** The narrowed columns of each function's result rows, by function. */
type ReturnColumns = {
  accept_proposal: CaseColumns;
  my_cases: CaseColumns;
  pipeline_cases: CaseColumns;
  list_contacts: { avatar_url: string | null; last_activity: string | null };
  case_people: {
    relation: CaseRelation;
    first_name: string | null;
    last_name: string | null;
    avatar_url: string | null;
  };
};

type Row<T extends keyof TableColumns & keyof Generated["Tables"]> = Narrow<
  Generated["Tables"][T]["Row"],
  TableColumns[T]
>;
type Returned<F extends keyof ReturnColumns & keyof Generated["Functions"]> = NarrowReturns<
  Generated["Functions"][F]["Returns"],
  ReturnColumns[F]
>;

/** The row of `public.users` the app reads for the signed-in person (spec §7). */
export type Profile = {
  first_name: string | null;
  last_name: string | null;
  access_level: string | null;
  law_firm: string | null;
  plan: string | null;
  /** The firm of `law_firm`, read in the same request (`law_firms(name)`). */
  law_firms: { name: string } | null;
  /** When the account was made (the overview greets a new one). */
  created_at: string | null;
};

/** A task as the task reads build it (public.task_list_json: the task, its case's reference, its assignee). */
export type TaskListJson = {
  id: string;
  case_id: string;
  title: string;
  status: string;
  position: number;
  priority: string;
  labels: string[];
  due_date: string | null;
  assignee_id: string | null;
  client_visible: boolean;
  created_at: string;
  updated_at: string;
  reference: string | null;
  assignee: {
    id: string;
    first_name: string | null;
    last_name: string | null;
    avatar_url: string | null;
  } | null;
};

/** A section of task_summary, and task_list's page: its first tasks and how many there are. */
type TaskPage = { tasks: TaskListJson[]; total: number };
/** task_board: each status's first cards, and how many each status has. */
type TaskBoard = { tasks: TaskListJson[]; totals: Partial<Record<string, number>> };

/** What the functions that build JSON return, by function (the generator knows only `Json`). */
type JsonReturns = {
  /** supabase/migrations/*_dashboard_shell.sql, as redefined by the notifications migration. */
  dashboard_shell: {
    /** The caller's profile (null without one). */
    profile: Profile | null;
    notifications: Row<"notifications">[];
    counts: Generated["Functions"]["notification_counts"]["Returns"][number] | null;
    contacts: Returned<"list_contacts">;
  };
  /** 20261201010000_task_reads_by_the_callers_ids.sql: each status's first cards and its count. */
  task_board: TaskBoard;
  task_list: TaskPage;
  /** 20261201020300_task_summary_by_the_callers_ids.sql. */
  task_summary: Record<"today" | "week" | "overdue", TaskPage>;
  /** 20261201020200_task_filters_in_one_read.sql: task_cases' cases and the people of those cases. */
  task_filters: TaskFiltersJson;
  /** 20261201070000_task_pages_read_their_filters.sql: a task page's two reads in one. */
  task_board_with_filters: {
    board: TaskBoard;
    filters: TaskFiltersJson | null;
  };
  task_list_with_filters: { list: TaskPage; filters: TaskFiltersJson | null };
};

/** task_filters: the cases the task pages' pickers offer, and the people of those cases. */
export type TaskFiltersJson = {
  cases: Generated["Functions"]["task_cases"]["Returns"];
  assignees: {
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    avatar_url: string | null;
  }[];
};

/** Columns that a trigger fills in, so an insert may leave them out (`cases.reference`). */
type FilledByTrigger = { cases: "reference" };

/** Row with the columns of N replaced (a nullable column stays nullable; optional stays optional). */
type Narrow<Row, N> = {
  [K in keyof Row]: K extends keyof N ? (null extends Row[K] ? N[K] | null : N[K]) : Row[K];
};
type Optional<Row, K> = {
  [P in keyof Row as P extends K ? never : P]: Row[P];
} & { [P in keyof Row as P extends K ? P : never]?: Row[P] };
type NarrowReturns<R, N> = R extends (infer Item)[] ? Narrow<Item, N>[] : Narrow<R, N>;

type NarrowSchema<S extends Generated> = {
  [Part in keyof S]: Part extends "Tables"
    ? {
        [T in keyof S["Tables"]]: T extends keyof TableColumns
          ? {
              [P in keyof S["Tables"][T]]: P extends "Insert"
                ? Optional<
                    Narrow<S["Tables"][T][P], TableColumns[T]>,
                    T extends keyof FilledByTrigger ? FilledByTrigger[T] : never
                  >
                : P extends "Row" | "Update"
                  ? Narrow<S["Tables"][T][P], TableColumns[T]>
                  : S["Tables"][T][P];
            }
          : S["Tables"][T];
      }
    : Part extends "Functions"
      ? {
          [F in keyof S["Functions"]]: F extends keyof JsonReturns
            ? {
                [P in keyof S["Functions"][F]]: P extends "Returns" ? JsonReturns[F] : S["Functions"][F][P];
              }
            : F extends keyof ReturnColumns
              ? {
                  [P in keyof S["Functions"][F]]: P extends "Returns"
                    ? NarrowReturns<S["Functions"][F][P], ReturnColumns[F]>
                    : S["Functions"][F][P];
                }
              : S["Functions"][F];
        }
      : S[Part];
};

type PublicSchema = Database["public"];

/** A row of a table or view of the public schema: `Tables<"cases">`. */
export type Tables<Name extends keyof PublicSchema["Tables"] | keyof PublicSchema["Views"]> =
  Name extends keyof PublicSchema["Tables"]
    ? PublicSchema["Tables"][Name]["Row"]
    : Name extends keyof PublicSchema["Views"]
      ? PublicSchema["Views"][Name]["Row"]
      : never;

/** What an insert into a table takes: `TablesInsert<"cases">`. */
export type TablesInsert<Name extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][Name]["Insert"];

/** What an update of a table takes: `TablesUpdate<"cases">`. */
export type TablesUpdate<Name extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][Name]["Update"];

/** The result of a function of the public schema: `FunctionReturns<"case_people">`. */
export type FunctionReturns<Name extends keyof PublicSchema["Functions"]> =
  PublicSchema["Functions"][Name]["Returns"];

/**
 * The Supabase client of this app's schema: tables, columns, selects (embeds included), filters and
 * function arguments and results are typed by the migrations. Every client is created with
 * `<Database>`, and query results are used as they are typed, never cast.
 */
export type Supabase = SupabaseClient<Database>;
