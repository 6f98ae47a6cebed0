/** The sign-up's consent box; the terms and the privacy policy open as modals without leaving the form. */
import { LegalDialog } from '../../components/legal/LegalDialog.tsx';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../content/legal.ts';
import { textLinkClass } from './links.tsx';

interface AcceptTermsFieldProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error: string | undefined;
}

export function AcceptTermsField({ checked, onCheckedChange, error }: AcceptTermsFieldProps) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id="accept-terms"
          type="checkbox"
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'accept-terms-error' : 'accept-terms-read'}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-700"
        />
        <div className="text-sm text-slate-700">
          <label htmlFor="accept-terms">I accept the Terms of Service and the Privacy Policy</label>
          <p id="accept-terms-read" className="mt-1 text-slate-500">
            Read the{' '}
            <LegalDialog
              document={TERMS_OF_SERVICE}
              trigger={
                <button type="button" className={textLinkClass}>
                  Terms of Service
                </button>
              }
            />{' '}
            and the{' '}
            <LegalDialog
              document={PRIVACY_POLICY}
              trigger={
                <button type="button" className={textLinkClass}>
                  Privacy Policy
                </button>
              }
            />
            .
          </p>
        </div>
      </div>
      {error ? (
        <p id="accept-terms-error" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
