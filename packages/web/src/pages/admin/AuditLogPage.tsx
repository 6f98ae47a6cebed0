/**
 * Admin: the audit log, newest first, filtered by action, actor, target and date
 * range, each entry written as a sentence.
 */
import { ScrollText } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { AUDIT_LOG_PAGE_SIZE } from '@stoop/shared/constants';
import { AUDIT_ACTIONS, auditSentence } from '../../components/admin/audit-sentence.ts';
import { Pager } from '../../components/announcements/Pager.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { NO_AUDIT_FILTERS, useAuditLogStore, type AuditFilters } from '../../stores/audit-log.ts';

const fieldClass = 'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

function FilterForm() {
  const applied = useAuditLogStore((s) => s.filters);
  const setFilters = useAuditLogStore((s) => s.setFilters);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const edit = (field: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }

  return (
    <form
      aria-label="Filter the audit log"
      onSubmit={apply}
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <label className="text-sm font-medium text-slate-700">
        Action
        <select value={draft.action} onChange={edit('action')} className={`${fieldClass} mt-1`}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        By (admin)
        <input
          value={draft.actor}
          onChange={edit('actor')}
          placeholder="Name"
          className={`${fieldClass} mt-1`}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        About (resident)
        <input
          value={draft.target}
          onChange={edit('target')}
          placeholder="Name"
          className={`${fieldClass} mt-1`}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        From
        <input
          type="date"
          value={draft.fromDay}
          onChange={edit('fromDay')}
          className={`${fieldClass} mt-1`}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        To
        <input
          type="date"
          value={draft.toDay}
          min={draft.fromDay || undefined}
          onChange={edit('toDay')}
          className={`${fieldClass} mt-1`}
        />
      </label>
      <div className="flex items-end gap-2">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(NO_AUDIT_FILTERS);
            setFilters(NO_AUDIT_FILTERS);
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

function Entries() {
  const { entries, total, page, loaded, loading, error, load, setPage } = useAuditLogStore();
  if (error && !loading) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <p>{error}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <div className="flex justify-center py-10" role="status">
        <Spinner className="h-6 w-6" />
        <span className="sr-only">Loading the audit log…</span>
      </div>
    );
  }
  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <ScrollText className="h-8 w-8 text-brand-700" aria-hidden="true" />
        <p className="mt-3 font-semibold text-slate-900">No entries</p>
        <p className="mt-1 max-w-sm text-sm text-slate-600">
          Nothing matches these filters. Every admin action is written here as it happens.
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-600" aria-live="polite">
        {total === 1 ? '1 entry' : `${total} entries`}
        {loading ? ' · updating…' : ''}
      </p>
      <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {entries.map((entry) => {
          const message = typeof entry.details.message === 'string' ? entry.details.message : null;
          return (
            <li
              key={entry.id}
              className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
            >
              <time dateTime={entry.createdAt} className="shrink-0 text-xs text-slate-500 sm:w-40">
                {when(entry.createdAt)}
              </time>
              <div className="min-w-0 break-words text-sm text-slate-800">
                {auditSentence(entry)}
                {message ? <p className="mt-1 text-xs italic text-slate-600">“{message}”</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
      <Pager page={page} total={total} pageSize={AUDIT_LOG_PAGE_SIZE} onPage={setPage} />
    </>
  );
}

export default function AuditLogPage() {
  useEffect(() => {
    void useAuditLogStore.getState().load();
  }, []);
  return (
    <section
      className="mx-auto flex w-full max-w-4xl flex-col gap-4 p-4 sm:p-6"
      aria-labelledby="audit-title"
    >
      <header>
        <h1 id="audit-title" className="text-lg font-semibold text-slate-900">
          Audit log
        </h1>
        <p className="text-sm text-slate-600">Every admin action, newest first.</p>
      </header>
      <FilterForm />
      <Entries />
    </section>
  );
}
