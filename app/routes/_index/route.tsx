import type { MetaFunction } from '@remix-run/node';

export const meta: MetaFunction = () => [{ title: 'Paceline — ride, race, progress' }];

export default function Home() {
  return (
    <section className="hero">
      <h1>Paceline</h1>
      <p>Virtual indoor cycling and esports.</p>
    </section>
  );
}
