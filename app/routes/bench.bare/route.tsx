import { cacheable } from '~/lib/response-cache';

// The shell with no data of its own: `npm run bench` shows what it costs beside bare Remix.
export default function BenchBare() {
  return <p>Paceline bare route.</p>;
}

export const handle = cacheable;
