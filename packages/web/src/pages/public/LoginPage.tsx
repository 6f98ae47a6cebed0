/** Login with email and password; the guard then sends the user where their role and lock state lead. */
import { loginBodySchema } from '@stoop/shared/schemas/auth';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmailField, TextField, focusFirstInvalid } from '../../components/form/fields.tsx';
import {
  errorMessage,
  serverFieldError,
  validate,
  type FieldErrors,
} from '../../components/form/validate.ts';
import { AuthCard, PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PATHS } from '../../routes/paths.ts';
import { toast } from '../../services/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

export default function LoginPage() {
  const login = useAuthStore((s) => s.login);
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(loginBodySchema, { email, password });
    if (!checked.ok) {
      setErrors(checked.errors);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await login(checked.data.email, checked.data.password);
      await navigate(PATHS.root, { replace: true });
    } catch (error) {
      const fieldErrors = serverFieldError(error, ['email', 'password']);
      if (fieldErrors) setErrors(fieldErrors);
      else toast.error(errorMessage(error, 'Login failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout minimalHeader>
      <AuthCard
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
        <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
          <EmailField value={email} onValueChange={setEmail} error={errors.email} />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            required
          />
          <div className="flex justify-end text-sm">
            <Link className={linkClass} to={PATHS.forgotPassword}>
              Forgot your password?
            </Link>
          </div>
          <Button type="submit" busy={busy} className="w-full">
            Log in
          </Button>
        </form>
      </AuthCard>
    </PublicLayout>
  );
}
