import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireFlowsAccess } from '~/services/platform/flows-access.server';
import { definitionOf } from '~/services/platform/flows-catalogue.server';

/** The machine definition as a JSON download, for the Stately editor and other tools. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireFlowsAccess(request);
  const definition = definitionOf(params.id ?? '');
  if (!definition) throw new Response('No such machine', { status: 404 });
  return new Response(JSON.stringify(definition, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${params.id}.machine.json"`,
    },
  });
}
