/**
 * /unsubscribe?token=… (R-REACH-9): the page a notification mail's footer opens, signed in or not.
 * It asks first and unsubscribes only on the click: mail scanners open links, and an open alone must
 * change nothing. The mail's List-Unsubscribe header POSTs to the API directly (RFC 8058).
 */
import { CheckCircle2, MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../components/form/validate.ts';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { CardNotice, IncompleteLinkPage } from '../../components/layout/CardNotice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { unsubscribeFromMail } from '../../stores/public-forms.ts';
import { toast } from '../../services/ui/toast.ts';

type State = { step: 'ask' } | { step: 'done' } | { step: 'failed'; message: string };

const settingsLink = (
  <Link className="font-medium text-brand-700 hover:underline" to={PATHS.notificationSettings}>
    notification settings
  </Link>
);

export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'ask' });
  const [busy, setBusy] = useState(false);

  async function unsubscribe() {
    setBusy(true);
    try {
      await unsubscribeFromMail(token);
      setState({ step: 'done' });
    } catch (error) {
      const message = errorMessage(error, 'You could not be unsubscribed. Please try again.');
      toast.error(message);
      setState({ step: 'failed', message });
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <IncompleteLinkPage>
        Open the unsubscribe link from the mail again, or sign in and change your {settingsLink}.
      </IncompleteLinkPage>
    );
  }

  if (state.step === 'done') {
    return (
      <AuthPage title="You are unsubscribed">
        <CardNotice icon={CheckCircle2} iconClassName="text-emerald-600" role="status">
          Stoop sends you no more notification mails. Push notifications stay as they were. You can turn mail
          back on any time in your {settingsLink}.
        </CardNotice>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title="Stop notification mails?"
      subtitle="You will get no more mails about messages, mentions, announcements, requests or events. Push notifications stay as they are."
    >
      <div className="space-y-4">
        {state.step === 'failed' ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {state.message}
          </p>
        ) : null}
        <Button className="w-full" busy={busy} onClick={() => void unsubscribe()}>
          <MailX className="h-4 w-4" aria-hidden="true" /> Unsubscribe from mails
        </Button>
        <p className="text-center text-sm text-slate-600">Or choose kind by kind in your {settingsLink}.</p>
      </div>
    </AuthPage>
  );
}
