/** Public home on the web: what Stoop is, what it offers, and the way in. */
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';
import { FEATURES } from './features.ts';

const STEPS = [
  { title: 'Sign up', text: 'Create an account with your email address.' },
  { title: 'Get approved', text: 'An admin of your community confirms that you live there.' },
  { title: 'Say hello', text: 'Join the channels, meet your neighbours, read the announcements.' },
] as const;

export default function WebHomePage() {
  return (
    <PublicLayout>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              For apartment communities
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              Your building, on speaking terms.
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">
              Stoop is the private social network and chat for the people you share a front door with.
              Channels, direct messages and announcements — only for verified residents.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={PATHS.signup} className="px-6 text-base">
                Sign up <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </ButtonLink>
              <ButtonLink to={PATHS.login} variant="secondary" className="px-6 text-base">
                Log in
              </ButtonLink>
            </div>
            <p className="mt-4 text-sm text-slate-500">
              Free for residents. New accounts are approved by your community’s admins.
            </p>
          </div>
          <div aria-hidden="true" className="hidden md:block">
            <div className="mx-auto max-w-sm rounded-3xl border border-slate-200 bg-white p-5 shadow-xl">
              <p className="text-sm font-semibold text-slate-900"># courtyard</p>
              <div className="mt-4 space-y-3 text-sm">
                <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-2 text-slate-800">
                  Anyone up for a plant swap on Saturday? 🌿
                </p>
                <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-700 px-3 py-2 text-white">
                  Yes! I have too many basil cuttings.
                </p>
                <p className="w-fit max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-2 text-slate-800">
                  I&apos;ll bring coffee for everyone ☕
                </p>
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Everything your community needs to stay in touch
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1.5 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="steps-title" className="text-2xl font-bold tracking-tight text-slate-900">
            How joining works
          </h2>
          <ol className="mt-8 grid gap-5 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{step.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col items-start gap-3 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2 font-medium text-brand-900">
              <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" /> Already a member? Pick up where
              you left off.
            </p>
            <ButtonLink to={PATHS.login}>Log in</ButtonLink>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
