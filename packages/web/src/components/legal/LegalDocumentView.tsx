/** Renders a legal document (privacy policy or terms) for both the pages and the modals. */
import type { LegalDocument } from '../../content/legal.ts';

interface LegalDocumentViewProps {
  document: LegalDocument;
  /** The modal supplies its own title element. */
  hideTitle?: boolean;
}

export function LegalDocumentView({ document, hideTitle = false }: LegalDocumentViewProps) {
  return (
    <article className="text-sm leading-6 text-slate-700">
      {hideTitle ? null : (
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{document.title}</h1>
      )}
      <p className={`text-xs text-slate-500 ${hideTitle ? '' : 'mt-2'}`}>
        Last updated: {document.lastUpdated}
      </p>
      <p className="mt-4">{document.intro}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-base font-semibold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2">
              {p}
            </p>
          ))}
          {section.bullets ? (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {section.bullets.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
