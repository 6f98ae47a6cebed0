/**
 * R-VIEW-1: the in-app image viewer. It shows one image of a conversation at a time over the page;
 * the arrow keys, the side buttons or a swipe go to the conversation's previous and next image,
 * the zoom buttons (or a double click) enlarge it with the view scrolling over it, Download saves
 * it under its name, and Escape or Close leaves, giving focus back to the image that opened it.
 * Loaded on first use, not with the channel page.
 */
import { ChevronLeft, ChevronRight, Download, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Message } from '@stoop/shared';
import { useMediaUrl } from '../../stores/media-ticket.ts';
import { useMessagesStore } from '../../stores/messages.ts';

const ZOOM_STEPS = [1, 2, 3] as const;
/** A horizontal move of at least this many pixels is a swipe to the next or previous image. */
const SWIPE_PX = 50;

const isViewable = (m: Message) =>
  m.fileUrl !== null && m.fileType?.startsWith('image/') === true && m.deletedAt === null;

/** The conversation's images in the order they were sent; the one opened at least. */
function useConversationImages(opened: Message): Message[] {
  const conversation = useMessagesStore((s) => s.cache.conversations[opened.conversationId]);
  return useMemo(() => {
    const images = (conversation?.messages ?? []).filter(isViewable);
    return images.some((m) => m.id === opened.id) ? images : [opened];
  }, [conversation, opened]);
}

interface Props {
  message: Message;
  onClose: () => void;
}

export function ImageViewer({ message, onClose }: Props) {
  const images = useConversationImages(message);
  const [currentId, setCurrentId] = useState(message.id);
  const [zoomStep, setZoomStep] = useState(0);
  const index = Math.max(
    0,
    images.findIndex((m) => m.id === currentId),
  );
  const current = images[index] ?? message;
  const zoom = ZOOM_STEPS[zoomStep] ?? 1;
  // The native app reaches files by media ticket, as the message's own thumbnail does.
  const src = useMediaUrl(current.fileUrl);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const go = (step: number) => {
    const next = images[index + step];
    if (!next) return;
    setCurrentId(next.id);
    setZoomStep(0);
  };
  const zoomBy = (step: number) => setZoomStep((z) => Math.min(ZOOM_STEPS.length - 1, Math.max(0, z + step)));

  // Keys are read on the whole window while the viewer is open: a button that just became disabled
  // (the last image's Next) drops the focus to the page, and the keys must still work. Read first
  // (capture), so the page under the viewer (the message list's own keys) does not see them.
  const onKey = useRef<(event: globalThis.KeyboardEvent) => void>(() => undefined);
  onKey.current = (event) => {
    const handled = ['Escape', 'ArrowLeft', 'ArrowRight', '+', '=', '-'].includes(event.key);
    if (handled) {
      event.stopPropagation();
      event.preventDefault();
    }
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=') zoomBy(1);
    else if (event.key === '-') zoomBy(-1);
    else if (event.key === 'Tab') keepFocusInside(event, dialog.current);
  };
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, []);
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = zoom === 1 ? event.clientX : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const moved = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
  };

  const button =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 text-white hover:bg-white/15 disabled:opacity-40';
  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label="Image viewer"
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white"
    >
      <div className="flex items-center gap-1 px-2 py-2 sm:px-4">
        <p className="min-w-0 flex-1 truncate text-sm" aria-live="polite">
          <span className="font-medium">{current.fileName}</span>
          <span className="ml-2 text-white/70">
            {index + 1} of {images.length}
          </span>
        </p>
        <button
          type="button"
          className={button}
          aria-label="Zoom out"
          disabled={zoomStep === 0}
          onClick={() => zoomBy(-1)}
        >
          <ZoomOut className="h-5 w-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={button}
          aria-label="Zoom in"
          disabled={zoomStep === ZOOM_STEPS.length - 1}
          onClick={() => zoomBy(1)}
        >
          <ZoomIn className="h-5 w-5" aria-hidden="true" />
        </button>
        <a className={button} href={src} download={current.fileName ?? true}>
          <Download className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only sm:text-sm">Download</span>
        </a>
        <button ref={closeButton} type="button" className={button} aria-label="Close" onClick={onClose}>
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <div className="relative min-h-0 flex-1">
        <div
          className={`h-full w-full overflow-auto ${zoom === 1 ? 'flex items-center justify-center' : ''}`}
          style={{ touchAction: zoom === 1 ? 'pan-y' : 'auto' }}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeStart.current = null)}
        >
          <img
            key={current.id}
            src={src}
            alt={current.fileName ?? 'Image'}
            draggable={false}
            className={zoom === 1 ? 'max-h-full max-w-full object-contain' : 'max-w-none'}
            style={zoom === 1 ? undefined : { width: `${zoom * 100}%` }}
            data-zoom={zoom}
            onDoubleClick={() => setZoomStep((z) => (z === 0 ? 1 : 0))}
          />
        </div>
        <button
          type="button"
          className={`${button} absolute left-2 top-1/2 -translate-y-1/2 bg-black/40`}
          aria-label="Previous image"
          disabled={index === 0}
          onClick={() => go(-1)}
        >
          <ChevronLeft className="h-6 w-6" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={`${button} absolute right-2 top-1/2 -translate-y-1/2 bg-black/40`}
          aria-label="Next image"
          disabled={index === images.length - 1}
          onClick={() => go(1)}
        >
          <ChevronRight className="h-6 w-6" aria-hidden="true" />
        </button>
      </div>
    </div>,
    document.body,
  );
}

/** Tab and Shift+Tab go round the viewer's own controls, as in any modal dialog. */
function keepFocusInside(event: globalThis.KeyboardEvent, container: HTMLElement | null): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const inside = container.contains(document.activeElement);
  if (!inside) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
