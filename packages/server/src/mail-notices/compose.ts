import { EMAIL_EXCERPT_CHARS } from '@stoop/shared';

/** One notice of a mail: who or what, where, the text (cut), and where it opens. */
export type MailEntry = {
  kind: 'message' | 'announcement' | 'notice';
  /** A message's author, or null. */
  from: string | null;
  /** "Priya in #garden", "Urgent announcement: Water off". */
  heading: string;
  text: string;
  /** Absolute link that opens it. */
  url: string;
  urgent: boolean;
};

export type ComposedMail = { subject: string; text: string; html: string };

/** The first EMAIL_EXCERPT_CHARS characters of a text, on one paragraph's whitespace. */
export function excerpt(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  return flat.length > EMAIL_EXCERPT_CHARS ? `${flat.slice(0, EMAIL_EXCERPT_CHARS - 1)}…` : flat;
}

/** "Priya", "Priya and Marcus", "Priya, Marcus and Ann". */
function names(list: string[]): string {
  if (list.length <= 1) return list[0] ?? '';
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}`;
}

/**
 * The subject says what is inside: an urgent announcement first, "3 new messages from
 * Priya and Marcus" when all are messages, else how many notices of the community.
 */
function subjectOf(entries: MailEntry[], community: string): string {
  const urgent = entries.find((e) => e.kind === 'announcement' && e.urgent);
  const more = entries.length - 1;
  if (urgent) return `${urgent.heading}${more > 0 ? ` (and ${more} more)` : ''}`;
  if (entries.length === 1 && entries[0]) return `${entries[0].heading} · ${community}`;
  if (entries.every((e) => e.kind === 'message')) {
    const senders = [...new Set(entries.map((e) => e.from ?? 'someone'))];
    return `${entries.length} new messages from ${names(senders)}`;
  }
  return `${entries.length} new notifications in ${community}`;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type MailLinks = { settingsUrl: string; unsubscribeUrl: string };

/** HTML and plain text with the same content: readable in a phone's mail app (one column, large tap targets). */
export function composeMail(entries: MailEntry[], community: string, links: MailLinks): ComposedMail {
  const subject = subjectOf(entries, community);
  const text = [
    `${community}`,
    '',
    ...entries.flatMap((e) => [e.heading, e.text, `Open: ${e.url}`, '']),
    '—',
    `You get these mails when something waits for you in ${community} and you have not seen it in the app.`,
    `Notification settings: ${links.settingsUrl}`,
    `Unsubscribe from these mails: ${links.unsubscribeUrl}`,
  ].join('\n');
  const card = (e: MailEntry) => `
      <div style="margin:0 0 16px;padding:12px 16px;border:1px solid ${e.urgent ? '#d93025' : '#dde1e6'};border-radius:8px">
        <div style="font-weight:600;margin:0 0 6px;${e.urgent ? 'color:#b3261e' : ''}">${escape(e.heading)}</div>
        <div style="margin:0 0 10px;white-space:pre-wrap">${escape(e.text)}</div>
        <a href="${escape(e.url)}" style="display:inline-block;padding:8px 14px;background:#1a73e8;color:#fff;border-radius:6px;text-decoration:none">Open</a>
      </div>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.45;color:#1f1f1f;background:#fff">
  <div style="max-width:560px;margin:0 auto">
    <h1 style="font-size:18px;margin:0 0 16px">${escape(community)}</h1>${entries.map(card).join('')}
    <p style="font-size:13px;color:#5f6368;margin:24px 0 0">You get these mails when something waits for you in ${escape(community)} and you have not seen it in the app.<br>
      <a href="${escape(links.settingsUrl)}" style="color:#1a73e8">Notification settings</a> · <a href="${escape(links.unsubscribeUrl)}" style="color:#1a73e8">Unsubscribe</a></p>
  </div>
</body></html>`;
  return { subject, text, html };
}
