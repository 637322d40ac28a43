import { NotFound } from '../../components/errors/not-found.tsx';

/** The catch-all `*` route (the server also answers these paths with HTTP 404). */
export default function NotFoundRoute() {
  return <NotFound />;
}
