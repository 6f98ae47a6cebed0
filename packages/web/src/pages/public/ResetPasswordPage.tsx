/** Choose a new password with the single-use token from the emailed link (?token=...). */
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NewPasswordField, PasswordField } from '../../components/form/fields.tsx';
import { SubmitForm } from '../../components/form/SubmitForm.tsx';
import type { FieldErrors } from '../../components/form/validate.ts';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { IncompleteLinkPage } from '../../components/layout/CardNotice.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { resetPassword } from '../../stores/public-forms.ts';
import { toast } from '../../services/ui/toast.ts';
import { BackToLogIn } from './links.tsx';

/** The form's schema loads after the first paint. */
const loadResetPasswordBodySchema = () =>
  import('@stoop/shared/schemas/public-forms').then((m) => m.resetPasswordBodySchema);

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { form, errors, busy, submit } = useSchemaForm(loadResetPasswordBodySchema, {
    failure: 'The password could not be changed. The link may have expired.',
  });

  const onSubmit = (event: FormEvent) =>
    submit(event, {
      values: { token, password },
      extraErrors: (_data, schemaErrors) => {
        const found: FieldErrors = { ...schemaErrors };
        if (confirm !== password) found.confirm = 'The passwords do not match';
        if (found.token) {
          toast.error('This reset link is not valid. Please request a new one.');
          delete found.token;
        }
        return found;
      },
      action: async (data) => {
        await resetPassword(data.token, data.password);
        toast.success('Your password was changed. Log in with your new password.');
        await navigate(PATHS.login, { replace: true });
      },
    });

  if (!token) {
    return (
      <IncompleteLinkPage
        action={
          <ButtonLink to={PATHS.forgotPassword} className="mt-6 w-full">
            Request a new link
          </ButtonLink>
        }
      >
        Open the link from your reset email again, or request a new one. Reset links work once and expire
        after an hour.
      </IncompleteLinkPage>
    );
  }

  return (
    <AuthPage
      title="Choose a new password"
      subtitle="After the change you are signed out everywhere and can log in with the new password."
      footer={<BackToLogIn />}
    >
      <SubmitForm form={form} busy={busy} onSubmit={onSubmit} submitLabel="Change password">
        <NewPasswordField
          label="New password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        />
        <PasswordField
          label="Repeat the new password"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
          error={errors.confirm}
        />
      </SubmitForm>
    </AuthPage>
  );
}
