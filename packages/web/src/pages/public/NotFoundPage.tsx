/** Catch-all for paths that match no screen. */
import { MapPinOff } from 'lucide-react';
import { useLocation } from 'react-router';
import { StatusPage } from '../../components/layout/StatusPage.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <StatusPage
      icon={MapPinOff}
      eyebrow="404"
      title="We couldn't find that page"
      actions={
        <>
          <ButtonLink to={PATHS.root}>Go to start</ButtonLink>
          <ButtonLink to={PATHS.contact} variant="secondary">
            Contact us
          </ButtonLink>
        </>
      }
    >
      <p>
        There is nothing at{' '}
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-slate-800">{pathname}</code>. The
        link may be old, or the page may have moved.
      </p>
    </StatusPage>
  );
}
