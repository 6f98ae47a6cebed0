/**
 * R-MOVEIN-9: the lobby poster, one A4 page: the building's name, the QR code of the invitation
 * link, three lines of how to join, and the code with the link for those who type it. The print
 * rules (index.css, `.print-poster`) print this sheet alone, edge to edge on A4.
 */
import { useEffect, useState } from 'react';
import type { Invite } from '@stoop/shared';
import { qrModules, type QrModules } from './qr.ts';

export function InvitePoster({ invite, buildingName }: { invite: Invite; buildingName: string }) {
  const [qr, setQr] = useState<QrModules | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    qrModules(invite.url)
      .then((modules) => live && setQr(modules))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [invite.url]);
  const steps = [
    'Scan the code with your phone’s camera, or type the link below.',
    'Create your account with your name and email, and accept the terms.',
    invite.approveAtOnce
      ? 'You are in at once: say hello to your neighbours.'
      : 'An admin of the building confirms you live here, then you are in.',
  ];
  return (
    <article
      className="print-poster mx-auto flex aspect-[210/297] w-full max-w-[210mm] flex-col items-center justify-between bg-white px-[8%] py-[9%] text-center text-slate-900 shadow-lg ring-1 ring-slate-200"
      aria-label={`Poster: join ${buildingName} on Stoop`}
    >
      <header className="space-y-2">
        <p className="text-[clamp(0.8rem,2.5vw,1.1rem)] font-semibold tracking-widest text-brand-800 uppercase">
          Welcome neighbours
        </p>
        <h2
          className="text-[clamp(1.6rem,6vw,3rem)] leading-tight font-bold break-words"
          data-testid="poster-building"
        >
          {buildingName}
        </h2>
        <p className="text-[clamp(0.95rem,3vw,1.4rem)] text-slate-700">
          is on Stoop, our building’s own chat.
        </p>
      </header>
      <div className="flex w-[55%] items-center justify-center">
        {qr ? (
          <svg
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            role="img"
            aria-label={`QR code of ${invite.url}`}
            className="h-auto w-full"
            shapeRendering="crispEdges"
            data-testid="poster-qr"
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
        ) : (
          <p className="py-16 text-sm text-slate-500" role="status">
            {failed
              ? 'The QR code could not be drawn; the link below works the same.'
              : 'Drawing the QR code…'}
          </p>
        )}
      </div>
      <ol className="w-full space-y-2 text-left text-[clamp(0.9rem,2.6vw,1.25rem)]">
        {steps.map((step, i) => (
          <li key={i} className="flex gap-3">
            <span className="flex h-[1.6em] w-[1.6em] shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
              {i + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
      <footer className="space-y-1 text-[clamp(0.75rem,2.2vw,1rem)] text-slate-700">
        <p className="break-all">{invite.url}</p>
        <p>
          Code: <span className="font-mono text-[1.2em] font-bold tracking-widest">{invite.code}</span>
        </p>
      </footer>
    </article>
  );
}
