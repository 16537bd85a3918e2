import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { cacheable } from '~/lib/response-cache';
import { serialIdField } from '~/lib/domain/ids';
import { TeamCard } from '~/components/teams/TeamCard';
import { Field, FormErrors, TextareaField } from '~/components/ui/Field';
import { requireUser } from '~/services/accounts/auth.server';
import { redirectWithToast } from '~/services/platform/toast.server';
import { createTeam, joinTeam, leaveTeam, listMyTeams, TeamError } from '~/services/events/teams.server';
import { Button } from '~/components/ui/Button';
import { NO_TEAMS_MESSAGE } from '~/lib/events/messages';

export const meta: MetaFunction = () => [{ title: 'My Teams — Paceline' }];

export const TeamActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    name: z.string({ required_error: 'Team name is required.' }).trim().min(2, 'Team name must be at least 2 characters').max(60),
    description: z.string().trim().max(500).optional(),
  }),
  z.object({ intent: z.literal('join'), teamId: serialIdField }),
  z.object({ intent: z.literal('leave'), teamId: serialIdField }),
]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const tab = new URL(request.url).searchParams.get('tab') === 'mine' ? 'mine' : 'joined';
  return { tab, ...(await listMyTeams(user.id)) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: TeamActionSchema });
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const input = submission.value;
  try {
    if (input.intent === 'create') {
      await createTeam(user.id, { name: input.name, description: input.description });
      return redirectWithToast('/my-teams?tab=mine', { kind: 'success', message: `Team ${input.name} created.` });
    }
    if (input.intent === 'join') {
      await joinTeam(user.id, input.teamId);
      return redirectWithToast('/my-teams', { kind: 'success', message: 'You joined the team.' });
    }
    await leaveTeam(user.id, input.teamId);
    return redirectWithToast('/my-teams', { kind: 'success', message: 'You left the team.' });
  } catch (error) {
    if (error instanceof TeamError) return data(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
}

export default function MyTeamsPage() {
  const { tab, joined, owned } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: 'create-team',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TeamActionSchema }),
    shouldValidate: 'onBlur',
  });
  const shown = tab === 'mine' ? owned : joined;
  return (
    <section className="teams-page">
      <header className="teams-header">
        <h1>My Teams</h1>
        <p>
          <Link to="/teams">Browse all teams</Link>
        </p>
      </header>
      <nav className="tabs" aria-label="My teams">
        <Link to="/my-teams" aria-current={tab === 'joined' ? 'page' : undefined}>
          Joined Teams
        </Link>
        <Link to="/my-teams?tab=mine" aria-current={tab === 'mine' ? 'page' : undefined}>
          My Teams
        </Link>
      </nav>
      {shown.length === 0 ? <p className="notice">{NO_TEAMS_MESSAGE}</p> : null}
      <div className="teams-grid">
        {shown.map((team) => (
          <TeamCard key={team.teamId} team={team} action={team.isMember ? 'leave' : 'join'} />
        ))}
      </div>
      <Form method="post" {...getFormProps(form)} className="card teams-create">
        <h2>Create a team</h2>
        <input type="hidden" name="intent" value="create" />
        <Field label="Team name" field={fields.name} />
        <TextareaField label="Description" field={fields.description} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit">Create team</Button>
      </Form>
    </section>
  );
}

export const handle = cacheable;
