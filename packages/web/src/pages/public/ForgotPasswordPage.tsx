/**
 * Request a password reset link. The answer never says whether the address has an account, so the
 * page cannot be used to find out who lives in the community.
 */
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { EmailField } from '../../components/form/fields.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { AuthCard, PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { requestPasswordReset } from '../../stores/public-forms.ts';

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

  return (
    <PublicLayout minimalHeader>
      <AuthCard
        title="Reset your password"
        subtitle={
          sentTo
            ? undefined
            : 'Enter the email address of your account and we will send you a link to choose a new password.'
        }
        footer={
          <Link className="font-medium text-brand-700 hover:underline" to={PATHS.login}>
            Back to log in
          </Link>
        }
      >
        {sentTo ? (
          <div role="status" className="text-center">
            <MailCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
            <p className="mt-4 text-sm text-slate-700">
              If an account exists for <strong className="break-all">{sentTo}</strong>, we sent a link to
              reset its password. The link works once and expires after an hour.
            </p>
            <p className="mt-3 text-sm text-slate-500">
              No email after a few minutes? Check your spam folder or try again.
            </p>
            <div className="mt-6 flex flex-col gap-2">
              <ButtonLink to={PATHS.login}>Back to log in</ButtonLink>
              <Button variant="ghost" onClick={() => setSentTo(null)}>
                Use another address
              </Button>
            </div>
          </div>
        ) : (
          <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
            <EmailField value={email} onValueChange={setEmail} error={errors.email} />
            <Button type="submit" busy={busy} className="w-full">
              Send reset link
            </Button>
          </form>
        )}
      </AuthCard>
    </PublicLayout>
  );
}
