/** The privacy text as a page; the sign-up modal shows the same text. */
import { PublicLayout } from '../../components/layout/PublicLayout.tsx';
import { LegalDocumentView } from '../../components/legal/LegalDocumentView.tsx';
import { PRIVACY_POLICY } from '../../content/legal.ts';

export default function PrivacyPolicyPage() {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-10">
          <LegalDocumentView document={PRIVACY_POLICY} />
        </div>
      </div>
    </PublicLayout>
  );
}
