/** Choose a new password with the single-use token from the emailed link (?token=...). */
import { resetPasswordBodySchema } from '@stoop/shared/schemas/auth';
import { LinkIcon } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { focusFirstInvalid, TextField } from '../../components/form/fields.tsx';
import { errorMessage, validate, type FieldErrors } from '../../components/form/validate.ts';
import { AuthCard, PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../routes/paths.ts';
import { resetPassword } from '../../services/account-api.ts';
import { toast } from '../../services/toast.ts';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(resetPasswordBodySchema, { token, password });
    const nextErrors: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (confirm !== password) nextErrors.confirm = 'The passwords do not match';
    if (nextErrors.token) {
      toast.error('This reset link is not valid. Please request a new one.');
      delete nextErrors.token;
    }
    if (!checked.ok || Object.keys(nextErrors).length > 0) {
      setErrors(nextErrors);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(checked.data.token, checked.data.password);
      toast.success('Your password was changed. Log in with your new password.');
      await navigate(PATHS.login, { replace: true });
    } catch (error) {
      toast.error(errorMessage(error, 'The password could not be changed. The link may have expired.'));
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <PublicLayout minimalHeader>
        <AuthCard title="This link is incomplete">
          <div className="text-center">
            <LinkIcon className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <p className="mt-4 text-sm text-slate-700">
              Open the link from your reset email again, or request a new one. Reset links work once and
              expire after an hour.
            </p>
            <ButtonLink to={PATHS.forgotPassword} className="mt-6 w-full">
              Request a new link
            </ButtonLink>
          </div>
        </AuthCard>
      </PublicLayout>
    );
  }

  return (
    <PublicLayout minimalHeader>
      <AuthCard
        title="Choose a new password"
        subtitle="After the change you are signed out everywhere and can log in with the new password."
        footer={
          <Link className="font-medium text-brand-700 hover:underline" to={PATHS.login}>
            Back to log in
          </Link>
        }
      >
        <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
          <TextField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            hint="At least 8 characters."
            required
          />
          <TextField
            label="Repeat the new password"
            type="password"
            name="confirm"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
            required
          />
          <Button type="submit" busy={busy} className="w-full">
            Change password
          </Button>
        </form>
      </AuthCard>
    </PublicLayout>
  );
}
