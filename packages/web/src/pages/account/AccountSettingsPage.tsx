/** /account_settings: edit the profile and save it with PUT /api/profile. */
import { profileFormSchema } from '@stoop/shared/schemas/profile-form';
import { ArrowLeft, Bell } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { EmailField, TextAreaField, TextField, focusFirstInvalid } from '../../components/form/fields.tsx';
import {
  errorMessage,
  serverFieldError,
  validate,
  type FieldErrors,
} from '../../components/form/validate.ts';
import { AppShell } from '../../components/shell/AppShell.tsx';
import { AccountSidebar } from './AccountSidebar.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { saveProfile } from '../../stores/account.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { AboutFields } from './AboutFields.tsx';
import { AvatarField } from './AvatarField.tsx';
import { ReadReceiptsSetting } from './ReadReceiptsSetting.tsx';
import { ENUMERATED_PROFILE_FIELDS } from '@stoop/shared/schemas/profile-options';
import {
  credentialErrors,
  formShape,
  toFormData,
  valuesFromUser,
  type AvatarChange,
  type ProfileValues,
} from './profile-form.ts';
import { announceProfileUpdate } from './profile-events.ts';

/** Fields whose server errors show under the field itself (the rest become a toast). */
const SERVER_FIELDS = [
  'username',
  'email',
  'description',
  'avatar',
  'metadata',
  'currentPassword',
  'newPassword',
  ...ENUMERATED_PROFILE_FIELDS.map((field) => `metadata.${field}`),
];

function ProfileForm() {
  // The guard only lets signed-in users here, so the user is present.
  const user = useAuthStore((s) => s.user);
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProfileValues | null>(() => (user ? valuesFromUser(user) : null));
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: 'keep' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  if (!user || !values) return null;

  const set = (key: Exclude<keyof ProfileValues, 'prompts'>, value: string) =>
    setValues({ ...values, [key]: value });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user || !values) return;
    const checked = validate(profileFormSchema, formShape(values));
    const credentials = credentialErrors(values, user);
    if (!checked.ok || Object.keys(credentials).length > 0) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...credentials });
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveProfile(toFormData(checked.data, avatar, user.avatar, values));
      setValues(valuesFromUser(saved));
      setAvatar({ kind: 'keep' });
      announceProfileUpdate();
      toast.success('Your profile was saved.');
    } catch (error) {
      const fieldErrors = serverFieldError(error, SERVER_FIELDS);
      if (fieldErrors) setErrors(fieldErrors);
      else toast.error(errorMessage(error, 'Your profile could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-8">
      <section className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Account</h2>
        <AvatarField
          name={values.username}
          current={user.avatar}
          change={avatar}
          onChange={setAvatar}
          error={errors.avatar}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Username"
            name="username"
            autoComplete="nickname"
            value={values.username}
            onValueChange={(v) => set('username', v)}
            error={errors.username}
            required
          />
          <EmailField value={values.email} onValueChange={(v) => set('email', v)} error={errors.email} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onValueChange={(v) => set('newPassword', v)}
            error={errors.newPassword}
            hint="Leave empty to keep your password."
          />
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onValueChange={(v) => set('currentPassword', v)}
            error={errors.currentPassword}
            hint="Needed to change your email or password."
          />
        </div>
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          value={values.description}
          onValueChange={(v) => set('description', v)}
          error={errors.description}
          hint="A few words about yourself, e.g. which floor you live on or what you can help neighbours with."
        />
      </section>
      <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <AboutFields
          values={values}
          set={set}
          setPrompts={(prompts) => setValues({ ...values, prompts })}
          errors={errors}
        />
      </section>
      <div className="sticky bottom-0 -mx-4 flex justify-end gap-2 border-t border-slate-200 bg-slate-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setValues(valuesFromUser(user));
            setAvatar({ kind: 'keep' });
            setErrors({});
          }}
        >
          Discard changes
        </Button>
        <Button type="submit" busy={busy}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

export default function AccountSettingsPage() {
  const sidebar = <AccountSidebar />;
  return (
    <AppShell sidebarLabel="Navigation" sidebar={sidebar}>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Account settings</h1>
            <p className="mt-1 text-sm text-slate-600">This is how your neighbours see you on Stoop.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={PATHS.mainDashboard} variant="ghost" className="hidden sm:inline-flex lg:hidden">
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to chat
            </ButtonLink>
            {/* The notification settings, also on a phone where the sidebar is folded away. */}
            <ButtonLink to={PATHS.notificationSettings} variant="secondary">
              <Bell className="h-4 w-4" aria-hidden="true" /> Notification settings
            </ButtonLink>
          </div>
        </div>
        <div className="space-y-8">
          <ProfileForm />
          <ReadReceiptsSetting />
        </div>
      </div>
    </AppShell>
  );
}
