import type { MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [{ title: 'Paceline' }];

export default function IframeWarning() {
  return (
    <section className="notice">
      <h1>This website cannot be embedded in an iframe.</h1>
    </section>
  );
}
