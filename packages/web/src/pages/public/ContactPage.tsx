/** Contact form for questions, account problems and privacy requests. */
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { EmailField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { SubmitForm } from '../../components/form/SubmitForm.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { AuthPage } from '../../components/layout/AuthPage.tsx';
import { CardNotice } from '../../components/layout/CardNotice.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { sendContactMessage } from '../../stores/public-forms.ts';
import { useAuthStore } from '../../stores/auth.ts';

/** The form's schema loads after the first paint. */
const loadContactBodySchema = () =>
  import('@stoop/shared/schemas/public-forms').then((m) => m.contactBodySchema);

export default function ContactPage() {
  const user = useAuthStore((s) => s.user);
  const [name, setName] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const { form, errors, busy, submit } = useSchemaForm(loadContactBodySchema, {
    serverFields: ['name', 'email', 'message'],
    failure: 'Your message could not be sent. Please try again.',
  });

  const onSubmit = (event: FormEvent) =>
    submit(event, {
      values: { name, email, message },
      action: async (data) => {
        await sendContactMessage(data);
        setSent(true);
        setMessage('');
      },
    });

  return (
    <AuthPage
      accountLinks
      title="Contact us"
      subtitle="Questions about Stoop, trouble with your account or a privacy request? Write to us and we will answer by email."
    >
      {sent ? (
        <CardNotice
          icon={Send}
          iconClassName="text-brand-700"
          role="status"
          action={
            <Button variant="secondary" className="mt-6" onClick={() => setSent(false)}>
              Send another message
            </Button>
          }
        >
          Thank you! Your message was sent. We usually answer within two working days.
        </CardNotice>
      ) : (
        <SubmitForm form={form} busy={busy} onSubmit={onSubmit} submitLabel="Send message">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onValueChange={setName}
            error={errors.name}
            required
          />
          <EmailField value={email} onValueChange={setEmail} error={errors.email} />
          <TextAreaField
            label="Message"
            name="message"
            value={message}
            onValueChange={setMessage}
            error={errors.message}
            required
          />
        </SubmitForm>
      )}
    </AuthPage>
  );
}
