/** Login with email and password; the guard then sends the user where their role and lock state lead. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmailField, PasswordField } from '../../components/form/fields.tsx';
import { SubmitForm } from '../../components/form/SubmitForm.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';

/** The form's schema loads after the first paint. */
const loadLoginBodySchema = () => import('@stoop/shared/schemas/public-forms').then((m) => m.loginBodySchema);

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

export default function LoginPage() {
  const login = useAuthStore((s) => s.login);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // A failed login also stays next to the form, where the resident looks (a toast may be missed).
  const { form, errors, formError, busy, submit } = useSchemaForm(loadLoginBodySchema, {
    serverFields: ['email', 'password'],
    failure: 'Login failed. Please try again.',
    inlineFailure: true,
  });

  const onSubmit = (event: FormEvent) =>
    submit(event, {
      values: { email, password },
      action: async (data) => {
        await login(data.email, data.password);
        await navigate(PATHS.root, { replace: true });
      },
    });

  return (
    <AuthPage
      title="Welcome back"
      subtitle="Log in to chat with your neighbours."
      footer={
        <>
          New to Stoop?{' '}
          <Link className={linkClass} to={PATHS.signup}>
            Create an account
          </Link>
        </>
      }
    >
      <SubmitForm form={form} busy={busy} onSubmit={onSubmit} submitLabel="Log in">
        <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        />
        <div className="flex justify-end text-sm">
          <Link className={linkClass} to={PATHS.forgotPassword}>
            Forgot your password?
          </Link>
        </div>
        {/* R-ERR-12: above the button, until the next attempt. */}
        {formError ? (
          <p
            role="alert"
            data-testid="login-error"
            className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800"
          >
            {formError}
          </p>
        ) : null}
      </SubmitForm>
    </AuthPage>
  );
}
