/**
 * Sign up. The new account is locked until an admin approves it, so success leads to the
 * awaiting-approval page. The terms and privacy policy open as modals without leaving the form.
 * Through a lobby invitation (`?invite=CODE`) the page names the building first, and an
 * invitation that approves at once signs the new resident straight in.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { InviteLookup } from '@stoop/shared';
import { EmailField, NewPasswordField, TextField } from '../../components/form/fields.tsx';
import { SubmitForm } from '../../components/form/SubmitForm.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { LoadingState } from '../../components/ui/LoadStates.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { isApiError } from '../../services/api-error.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { AcceptTermsField } from './AcceptTermsField.tsx';
import { InviteUnusable } from './InviteUnusable.tsx';
import { textLinkClass } from './links.tsx';
import { useInvite } from './use-invite.ts';

/** The form's schema loads after the first paint. */
const loadSignupBodySchema = () =>
  import('@stoop/shared/schemas/public-forms').then((m) => m.signupBodySchema);

export default function SignupPage() {
  const [params] = useSearchParams();
  const code = params.get('invite')?.trim().toUpperCase() || null;
  const invite = useInvite(code);
  if (code && invite.state === 'loading')
    return (
      <AuthPage title="Join your community" subtitle="Checking your invitation…">
        <LoadingState label="Checking your invitation…" space="py-6" />
      </AuthPage>
    );
  if (code && invite.state === 'unusable') return <InviteUnusable message={invite.message} />;
  return <InvitedSignup invite={invite.state === 'ready' ? invite.lookup : null} />;
}

/**
 * a code can go bad between the lookup and the submit (the last use taken, revoked,
 * expired); the sign-up's refusal then says which, in place of the form, as a spent link does.
 */
function InvitedSignup({ invite }: { invite: InviteLookup | null }) {
  const [refused, setRefused] = useState<string | null>(null);
  if (refused) return <InviteUnusable message={refused} />;
  return <SignupForm invite={invite} onInviteRefused={setRefused} />;
}

function SignupForm({
  invite,
  onInviteRefused,
}: {
  invite: InviteLookup | null;
  onInviteRefused: (message: string) => void;
}) {
  const signup = useAuthStore((s) => s.signup);
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const { form, errors, busy, submit } = useSchemaForm(loadSignupBodySchema, {
    serverFields: ['username', 'email', 'password', 'acceptTerms'],
    failure: 'Sign up failed. Please try again.',
  });

  const onSubmit = (event: FormEvent) =>
    submit(event, {
      values: { username, email, password, acceptTerms, ...(invite ? { inviteCode: invite.code } : {}) },
      action: async (data) => {
        const user = await signup(data).catch((error: unknown) => {
          if (!isApiError(error) || error.field !== 'inviteCode') throw error;
          onInviteRefused(error.message);
          return null;
        });
        if (!user) return;
        if (!user.isLocked) {
          toast.success(`Welcome to ${invite?.buildingName ?? 'your community'}!`);
          await navigate(PATHS.mainDashboard, { replace: true });
          return;
        }
        toast.success('Your account was created. An admin will approve it soon.');
        await navigate(PATHS.awaitingApproval, { replace: true });
      },
    });

  return (
    <AuthPage
      title={invite ? `Join ${invite.buildingName}` : 'Join your community'}
      subtitle={
        invite?.approveAtOnce
          ? 'You were invited: create your account and you are in at once.'
          : 'Create your account. An admin of your building confirms that you live there before you can chat.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link className={textLinkClass} to={PATHS.login}>
            Log in
          </Link>
        </>
      }
    >
      <SubmitForm form={form} busy={busy} onSubmit={onSubmit} submitLabel="Sign up">
        <TextField
          label="Username"
          name="username"
          autoComplete="nickname"
          value={username}
          onValueChange={setUsername}
          error={errors.username}
          hint="Shown to your neighbours. You can change it later."
          required
        />
        <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        <NewPasswordField
          label="Password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        />
        <AcceptTermsField checked={acceptTerms} onCheckedChange={setAcceptTerms} error={errors.acceptTerms} />
      </SubmitForm>
    </AuthPage>
  );
}
