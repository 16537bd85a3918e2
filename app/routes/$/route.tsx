import { redirect } from '@remix-run/node';

// Spec 1 §2 "Any unknown path redirects to '/'".
export function loader() {
  return redirect('/');
}
