/**
 * /admin_dashboard/import: bring a building's WhatsApp history into a
 * channel. The admin chooses the export and the channel, reads the preview (first messages, senders
 * and the resident each becomes, editable; WhatsApp's own lines kept or skipped), commits, and
 * watches the batches go in; the past imports below can be undone.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Conversation, ImportPreview, ImportResult, ImportSummary } from '@stoop/shared';
import { errorMessage } from '../../components/form/validate.ts';
import { ImportHistory } from '../../components/movein/ImportHistory.tsx';
import {
  FirstMessages,
  ImportSummaryLine,
  KEEP_NAME,
  SenderMapping,
  SystemLinesChoice,
} from '../../components/movein/ImportPreviewPanel.tsx';
import { ProgressBar } from '../../components/movein/ProgressBar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { LoadingState } from '../../components/ui/LoadStates.tsx';
import { toast } from '../../services/ui/toast.ts';
import { useImportsStore, type Resident } from '../../stores/imports.ts';

/** How often the running import's progress is asked for (the server counts per committed batch). */
const PROGRESS_POLL_MS = 1000;

type Stage =
  | { step: 'choose' }
  | { step: 'reading'; upload: number }
  | { step: 'preview'; preview: ImportPreview }
  | { step: 'importing'; preview: ImportPreview; upload: number; running: ImportSummary | null }
  | { step: 'done'; result: ImportResult };

export default function ImportPage() {
  const { channels, residents, imports } = useImportsStore();
  const [file, setFile] = useState<File | null>(null);
  const [chosenChannel, setChannelId] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [systemLines, setSystemLines] = useState<'keep' | 'skip'>('keep');
  const channelId = chosenChannel || (channels?.[0]?.id ?? '');

  useEffect(() => {
    void useImportsStore
      .getState()
      .load()
      .then((failed) => {
        if (failed.length > 0)
          toast.error(`Could not load ${failed.join(', ')}`, {
            description: 'Reload the page to try again.',
          });
      });
  }, []);

  const readExport = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast.error('Choose the exported chat first', {
        description: 'The .txt from “Export chat”, or the .zip WhatsApp makes with media.',
      });
      return;
    }
    setStage({ step: 'reading', upload: 0 });
    try {
      const preview = await useImportsStore
        .getState()
        .preview(file, (upload) => setStage({ step: 'reading', upload }));
      setMapping(Object.fromEntries(preview.senders.map((s) => [s.name, s.userId ?? KEEP_NAME])));
      setStage({ step: 'preview', preview });
    } catch (error) {
      setStage({ step: 'choose' });
      toast.error('The export could not be read', { description: errorMessage(error) });
    }
  };

  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6 p-4 sm:p-6" aria-labelledby="import-title">
      <header>
        <h1 id="import-title" className="text-lg font-semibold text-slate-900">
          Import a WhatsApp chat
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          In WhatsApp, open the group, choose “Export chat” (with media for photos), and upload the file here.
          Nothing is written until you confirm the preview; importing the same file again adds nothing.
        </p>
      </header>
      {stage.step === 'choose' || stage.step === 'reading' ? (
        <ChooseExport
          channels={channels}
          channelId={channelId}
          onChannel={setChannelId}
          onFile={setFile}
          reading={stage.step === 'reading' ? stage.upload : null}
          onSubmit={(e) => void readExport(e)}
        />
      ) : null}
      {stage.step === 'preview' || stage.step === 'importing' ? (
        <Preview
          stage={stage}
          residents={residents}
          mapping={mapping}
          onMap={(name, userId) => setMapping((m) => ({ ...m, [name]: userId }))}
          systemLines={systemLines}
          onSystemLines={setSystemLines}
          channelName={channels?.find((c) => c.id === channelId)?.name ?? ''}
          onBack={() => setStage({ step: 'choose' })}
          onCommit={async () => {
            if (!file) return;
            await commit(file, stage.preview, { channelId, mapping, systemLines }, setStage);
          }}
        />
      ) : null}
      {stage.step === 'done' ? (
        <div
          role="status"
          className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          <p className="font-medium" data-testid="import-result">
            Imported {stage.result.imported} messages, skipped {stage.result.skipped}.
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => setStage({ step: 'choose' })}>
            Import another export
          </Button>
        </div>
      ) : null}
      <section aria-labelledby="imports-title" className="space-y-3">
        <h2 id="imports-title" className="text-base font-semibold text-slate-900">
          Past imports
        </h2>
        {imports === null ? (
          <LoadingState label="Loading the imports…" space="py-6" />
        ) : (
          <ImportHistory
            imports={imports}
            onUndo={async (id) => {
              try {
                await useImportsStore.getState().undo(id);
                toast.success('The import was undone: its messages are gone.');
              } catch (error) {
                toast.error('The import could not be undone', { description: errorMessage(error) });
              }
            }}
          />
        )}
      </section>
    </section>
  );
}

/** Sends the import and follows its batches through the list of imports until the answer comes. */
async function commit(
  file: File,
  preview: ImportPreview,
  choices: { channelId: string; mapping: Record<string, string>; systemLines: 'keep' | 'skip' },
  setStage: (stage: Stage) => void,
): Promise<void> {
  let progress: Extract<Stage, { step: 'importing' }> = {
    step: 'importing',
    preview,
    upload: 0,
    running: null,
  };
  const show = (next: Partial<typeof progress>) => {
    progress = { ...progress, ...next };
    setStage(progress);
  };
  show({});
  const startedAt = Date.now();
  const poll = window.setInterval(() => {
    useImportsStore
      .getState()
      .running(file.name, startedAt - 60_000)
      .then((running) => {
        if (running && progress.step === 'importing') show({ running });
      })
      .catch(() => undefined); // the next poll tries again; the import's own answer decides
  }, PROGRESS_POLL_MS);
  try {
    const result = await useImportsStore.getState().run(
      file,
      {
        conversationId: choices.channelId,
        systemLines: choices.systemLines,
        senders: preview.senders.map((s) => ({ name: s.name, userId: choices.mapping[s.name] || null })),
      },
      (upload) => show({ upload }),
    );
    setStage({ step: 'done', result });
    toast.success(`Imported ${result.imported} messages, skipped ${result.skipped}.`);
  } catch (error) {
    setStage({ step: 'preview', preview });
    toast.error('The import failed; nothing of it was kept', { description: errorMessage(error) });
  } finally {
    window.clearInterval(poll);
  }
}

function ChooseExport({
  channels,
  channelId,
  onChannel,
  onFile,
  reading,
  onSubmit,
}: {
  channels: Conversation[] | null;
  channelId: string;
  onChannel: (id: string) => void;
  onFile: (file: File | null) => void;
  reading: number | null;
  onSubmit: (event: FormEvent) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  if (channels === null) return <LoadingState label="Loading the channels…" space="py-6" />;
  if (channels.length === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        There is no channel yet. Create the channel the history should go into, then come back.
      </p>
    );
  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
          Exported chat (.txt or .zip)
        </label>
        <input
          ref={fileInput}
          id="import-file"
          type="file"
          accept=".txt,.zip,text/plain,application/zip"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
        />
      </div>
      <div>
        <label htmlFor="import-channel" className="block text-sm font-medium text-slate-800">
          Into the channel
        </label>
        <select
          id="import-channel"
          value={channelId}
          onChange={(e) => onChannel(e.target.value)}
          className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          {channels.map((c) => (
            <option key={c.id} value={c.id}>
              #{c.name}
            </option>
          ))}
        </select>
      </div>
      {reading !== null ? <ProgressBar label="Uploading the export" fraction={reading} /> : null}
      <Button type="submit" busy={reading !== null}>
        Preview
      </Button>
    </form>
  );
}

function Preview({
  stage,
  residents,
  mapping,
  onMap,
  systemLines,
  onSystemLines,
  channelName,
  onBack,
  onCommit,
}: {
  stage: Extract<Stage, { step: 'preview' | 'importing' }>;
  residents: readonly Resident[];
  mapping: Record<string, string>;
  onMap: (name: string, userId: string) => void;
  systemLines: 'keep' | 'skip';
  onSystemLines: (value: 'keep' | 'skip') => void;
  channelName: string;
  onBack: () => void;
  onCommit: () => Promise<void>;
}) {
  const { preview } = stage;
  const importing = stage.step === 'importing';
  return (
    <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">Preview</h2>
      <ImportSummaryLine preview={preview} />
      <FirstMessages preview={preview} />
      <SenderMapping preview={preview} residents={residents} mapping={mapping} onChange={onMap} />
      <SystemLinesChoice value={systemLines} count={preview.systemLines} onChange={onSystemLines} />
      {importing ? <ImportProgress stage={stage} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button busy={importing} onClick={() => void onCommit()}>
          Import into #{channelName}
        </Button>
        <Button variant="secondary" disabled={importing} onClick={onBack}>
          Choose another file
        </Button>
      </div>
    </div>
  );
}

function ImportProgress({ stage }: { stage: Extract<Stage, { step: 'importing' }> }) {
  if (stage.upload < 1) return <ProgressBar label="Uploading the export" fraction={stage.upload} />;
  const running = stage.running;
  if (!running || running.total === 0) return <LoadingState label="Reading the export…" space="py-2" />;
  return (
    <ProgressBar
      label="Importing"
      fraction={running.processed / running.total}
      detail={`${running.processed} of ${running.total} messages`}
    />
  );
}
