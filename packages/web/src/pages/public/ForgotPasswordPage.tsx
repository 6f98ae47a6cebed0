/**
 * Request a password reset link. The answer never says whether the address has an account, so the
 * page cannot be used to find out who lives in the community.
 */
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { EmailField } from '../../components/form/fields.tsx';
import { SubmitForm } from '../../components/form/SubmitForm.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { CardNotice } from '../../components/layout/CardNotice.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { requestPasswordReset } from '../../stores/public-forms.ts';
import { BackToLogIn } from './links.tsx';

/** The form's schema loads after the first paint. */
const loadForgotPasswordBodySchema = () =>
  import('@stoop/shared/schemas/public-forms').then((m) => m.forgotPasswordBodySchema);

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, errors, busy, submit } = useSchemaForm(loadForgotPasswordBodySchema, {
    failure: 'We could not send the link. Please try again.',
  });

  const onSubmit = (event: FormEvent) =>
    submit(event, {
      values: { email },
      action: async (data) => {
        await requestPasswordReset(data.email);
        setSentTo(data.email);
      },
    });

  const sentActions = (
    <>
      <p className="mt-3 text-sm text-slate-500">
        No email after a few minutes? Check your spam folder or try again.
      </p>
      <div className="mt-6 flex flex-col gap-2">
        <ButtonLink to={PATHS.login}>Back to log in</ButtonLink>
        <Button variant="ghost" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </div>
    </>
  );

  return (
    <AuthPage
      title="Reset your password"
      subtitle={
        sentTo
          ? undefined
          : 'Enter the email address of your account and we will send you a link to choose a new password.'
      }
      footer={<BackToLogIn />}
    >
      {sentTo ? (
        <CardNotice icon={MailCheck} iconClassName="text-brand-700" role="status" action={sentActions}>
          If an account exists for <strong className="break-all">{sentTo}</strong>, we sent a link to reset
          its password. The link works once and expires after an hour.
        </CardNotice>
      ) : (
        <SubmitForm form={form} busy={busy} onSubmit={onSubmit} submitLabel="Send reset link">
          <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        </SubmitForm>
      )}
    </AuthPage>
  );
}
