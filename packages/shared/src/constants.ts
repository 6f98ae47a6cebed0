/**
 * Every number and fixed text of the product spec (docs/requirements.md; each group names its rules), defined once.
 * Server and web import from here; nothing else may restate these values.
 */

// Messages and cache (R-CACHE-0)
export const MESSAGE_PAGE_SIZE = 20;
export const MAX_MESSAGE_PAGE_SIZE = 100;
/** R-MSG-23: one author's messages at most this far apart share one name and avatar. */
export const MESSAGE_GROUP_GAP_MS = 5 * 60_000;
/** R-DELIVERY-10: a message page read while the app loads is used only if it started this recently. */
export const EARLY_READ_MAX_AGE_MS = 5000;
/**
 * R-DELIVERY-8: a signed-in channel page's first-load JavaScript (the entry and the screen's chunks
 * with their static imports, in gzip bytes) stays under this budget.
 */
export const CHANNEL_FIRST_LOAD_JS_MAX_BYTES = 150 * 1024;
export const MESSAGES_PER_CONVERSATION_LIMIT = 200;
export const CACHED_CONVERSATIONS_LIMIT = 50;
export const TOTAL_MESSAGES_LIMIT = 5000;
export const INDIVIDUAL_MESSAGES_LIMIT = 2000;
export const TRACKED_ACTIVITIES_LIMIT = 50;
export const CLEANUP_THRESHOLD_HIGH = 0.8;
export const CLEANUP_THRESHOLD_CRITICAL = 0.95;
/** Under critical pressure each conversation keeps half the per-conversation limit (100). */
export const CRITICAL_MESSAGES_PER_CONVERSATION = MESSAGES_PER_CONVERSATION_LIMIT / 2;
/** Under critical pressure the conversation cache keeps 60 % (30). */
export const CRITICAL_CACHED_CONVERSATIONS = Math.floor(CACHED_CONVERSATIONS_LIMIT * 0.6);
export const FULL_CLEANUP_INTERVAL_MS = 300_000;
export const PRESSURE_CHECK_INTERVAL_MS = 30_000;

// Memory pressure levels (R-MEM-1): low < 60 %, medium >= 60 %, high >= 80 %, critical >= 95 %.
export const MEMORY_PRESSURE_MEDIUM = 0.6;
export const MEMORY_PRESSURE_HIGH = 0.8;
export const MEMORY_PRESSURE_CRITICAL = 0.95;

// Local storage (R-STORE-0)
export const STORAGE_KEY_PREFIX = 'tlbot_';
export const STORAGE_MAX_BYTES = 5 * 1024 * 1024;
export const STORED_CONVERSATION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const STORED_ACTIVITY_PRUNE_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Activity list lifetime: 720 hours (30 days). */
export const STORED_ACTIVITY_LIFETIME_MS = 720 * 60 * 60 * 1000;

// Activity ranking (R-ACTIVITY-4)
export const ACTIVITY_RECENCY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const ACTIVITY_RECENCY_SCALE = 1000;
export const ACTIVITY_INTERACTION_SCALE = 100;
export const ACTIVITY_TOP_PER_TYPE = 3;

// Date group labels
export const DATE_LABEL_TODAY = 'Today';
export const DATE_LABEL_YESTERDAY = 'Yesterday';

// Logger (R-LOG-0)
export const LOG_BATCH_SIZE = 5;
export const LOG_FLUSH_INTERVAL_MS = 3000;
export const LOG_QUEUE_CAP = 50;
export const LOG_MAX_PAYLOAD_BYTES = 2 * 1024 * 1024;
export const LOG_OVERSIZE_MESSAGE_CHARS = 1000;
export const LOG_CONTEXT_MAX_DEPTH = 3;
export const LOG_CONTEXT_MAX_KEYS = 10;
export const LOG_CONTEXT_MAX_ARRAY_ITEMS = 5;
export const LOG_URL_MAX_CHARS = 100;
export const LOG_SEND_TIMEOUT_MS = 3000;
export const LOG_RATE_LIMITS = {
  performance: { max: 2, windowMs: 30_000 },
  layoutShift: { max: 5, windowMs: 10_000 },
  webVitals: { max: 3, windowMs: 20_000 },
} as const;

// HTTP client (R-API-38, R-API-37, R-API-5)
export const LOGIN_TIMEOUT_MS = 5000;
export const CSRF_HEADER = 'x-csrf-token';
export const CORRELATION_ID_HEADER = 'x-correlation-id';

// Native apps (R-NATIVE)
/** `X-Stoop-Client: native` on login and sign-up asks for a bearer token instead of a cookie. */
export const NATIVE_CLIENT_HEADER = 'x-stoop-client';
export const NATIVE_CLIENT_VALUE = 'native';
/** `X-Stoop-Platform: android|ios` at sign-in names the app in the resident's device list. */
export const NATIVE_PLATFORM_HEADER = 'x-stoop-platform';
/** A media ticket (`?mt=` on attachment and avatar URLs) lives this long. */
export const MEDIA_TICKET_TTL_MS = 60 * 60 * 1000;
/** A native session's last use is written at most this often. */
export const NATIVE_LAST_USED_STEP_MS = 60 * 60 * 1000;

// Toasts (R-PWA-7)
export const TOAST_POSITION = 'bottom-center';
export const TOAST_DURATION_MS = 0;
export const TOAST_ENTER_MS = 400;
export const TOAST_LEAVE_MS = 300;
/** Informational and success toasts close by themselves after this (R-PWA-8); errors never do. */
export const TOAST_INFO_DURATION_MS = 5000;

// PWA and platform (R-PWA-0, R-PWA-2)
export const SERVICE_WORKER_UPDATE_INTERVAL_MS = 3600_000;
export const WEB_SAFE_AREA_BOTTOM_PX = 20;
export const DARK_MODE_ENABLED_DEFAULT = false;
export const DEFAULT_THEME = 'light';
export const STYLE_PRELOAD_DELAYS_MS = [100, 500] as const;

// Server-side limits that the spec leaves open (R-MSG-15, R-UPLOAD-1, R-API-28)
/** The composer sends a typing notice at most this often. */
export const TYPING_NOTICE_INTERVAL_MS = 3000;
/** The server relays one notice per socket and conversation at most this often (floods are dropped). */
export const TYPING_RELAY_MIN_GAP_MS = TYPING_NOTICE_INTERVAL_MS / 2;
/**
 * R-RT-11: presence changes are coalesced over this window: a reconnect storm of n sockets becomes a
 * few batched changes to every socket rather than n messages to each.
 */
export const PRESENCE_WINDOW_MS = 250;
export const ATTACHMENT_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;
/** The shortest password a resident may choose (the sign-up, reset and profile forms say so). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

// Client log intake (server side of POST /api/logs/frontend); the spec leaves these open.
/** Body limit: the client's 2 MB payload plus room for JSON framing and the batch meta. */
export const LOG_INTAKE_BODY_LIMIT_BYTES = LOG_MAX_PAYLOAD_BYTES + 64 * 1024;
/** One client flushes about every 3 s plus error bursts; 120 a minute leaves headroom. */
export const LOG_INTAKE_RATE_PER_SESSION = { max: 120, windowMs: 60_000 } as const;
/** Several residents may share one address (a building's NAT). */
export const LOG_INTAKE_RATE_PER_IP = { max: 600, windowMs: 60_000 } as const;

/**
 * Messages seen live in the open conversation are reported read after this pause, once for a
 * burst: the read position follows what the resident saw without a request per message.
 */
export const READ_REPORT_DELAY_MS = 1000;

/**
 * R-RECEIPT-4: read receipts exist in conversations of at most this many participants; beyond it
 * every read would go to hundreds of residents, and "seen by 300" says little.
 */
export const READ_RECEIPTS_PARTICIPANTS_MAX = 50;

// Announcements: the page size of GET /api/announcements when no limit is given (R-ANN).
export const ANNOUNCEMENTS_PAGE_SIZE = 20;
/**
 * R-REACH-1: a resident with no socket open who has not read a direct message, mention, reply or
 * announcement within this delay gets it by mail (EMAIL_NOTIFY_DELAY_SECONDS); an urgent
 * announcement waits only EMAIL_NOTIFY_URGENT_DELAY_SECONDS.
 */
export const EMAIL_NOTIFY_DELAY_SECONDS_DEFAULT = 600;
export const EMAIL_NOTIFY_URGENT_DELAY_SECONDS_DEFAULT = 60;
/** A notification mail quotes at most this many characters of each message. */
export const EMAIL_EXCERPT_CHARS = 300;
/** R-REACH-3: an urgent announcement's banner stays this many days at most, acknowledged or not. */
export const URGENT_BANNER_DAYS = 7;
/** R-REACH-6: the hour (resident's time zone) a daily digest goes out. */
export const EMAIL_DIGEST_HOUR = 8;

// Statistics: the windows of GET /api/stats.
/** Days of the messages-per-day series (ending today, UTC days) and of the channel and hour figures. */
export const STATS_WINDOW_DAYS = 30;
/** The shorter of the two "active residents" windows; the longer one is STATS_WINDOW_DAYS. */
export const STATS_ACTIVE_SHORT_DAYS = 7;
/** How many busiest channels the statistics list. */
export const STATS_TOP_CHANNELS = 5;
// Admin account screens (R-ADMIN-11, R-LOCK-7).
/** At most this many accounts are approved by one bulk call. */
export const BULK_APPROVE_MAX = 100;
/** The user-approval screen lists this many accounts a page. */
export const ADMIN_USERS_PAGE_SIZE = 25;
/** The audit-log screen lists this many entries a page. */
export const AUDIT_LOG_PAGE_SIZE = 25;
/** The awaiting-approval page asks the server this often whether the account is still locked. */
export const APPROVAL_POLL_INTERVAL_MS = 5000;
// ---- message search ------------------------------------------------
/**
 * A search ranks and counts its newest this many matches: a larger total is reported as this
 * number with totalIsLowerBound ("200+"), and pages past them continue by recency.
 */
export const SEARCH_CANDIDATES = 200;
/** Longest snippet of a long message shown as a search result (characters, ellipses aside). */
export const SEARCH_SNIPPET_LENGTH = 160;
// ---- polls (R-POLL-5) ------------------------------------------------------------------------
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 100;

// ---- building requests to the office (R-REQ) ------------------------------------------------
/** GET /api/requests: the page size when no limit is given. */
export const REQUESTS_PAGE_SIZE = 20;
/** A request's optional photo: an image of at most this many bytes (R-REQ-4). */
export const REQUEST_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const REQUEST_TITLE_MAX = 120;
export const REQUEST_DESCRIPTION_MAX = 5000;
export const REQUEST_COMMENT_MAX = 2000;

// ---- dates in requests -------------------------------------------------------------
/**
 * Every date a request carries lies within these years: far enough for any building's history and
 * plans, and far inside what PostgreSQL's timestamp arithmetic (a range's end, a time zone's offset)
 * can handle, so year 1 or 9999 is a 400 naming the field, not a 500 from the database.
 */
export const DATE_YEAR_MIN = 1970;
export const DATE_YEAR_MAX = 2999;

// ---- events with RSVP (R-EVENT) -------------------------------------------------------------
export const EVENT_TITLE_MAX = 200;
export const EVENT_LOCATION_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
/** R-EVENT-7: residents who said going or maybe are reminded this long before the start. */
export const EVENT_REMINDER_LEAD_MINUTES = 60;
/** GET /api/events: at most this many events per answer, and a range of at most this many days. */
export const EVENTS_LIST_MAX = 500;
export const EVENTS_RANGE_MAX_DAYS = 400;
/** R-EVENT-9: an iCal VEVENT without DTEND (or DURATION) lasts this long. */
export const EVENT_DEFAULT_MINUTES = 60;

// ---- Overload
/**
 * Sends one server process takes at once (being checked, written or answered); one more is answered
 * 503 `SERVER_BUSY` with Retry-After at once instead of waiting behind them. Configurable as
 * SEND_QUEUE_LIMIT. 256 is one group-commit batch: at the send rate the server holds, about half a
 * second of queue.
 */
export const SEND_QUEUE_LIMIT_DEFAULT = 256;
/**
 * How far behind (ms) a server process's event loop may run before a send is answered 503
 * `SERVER_BUSY` with Retry-After: a send taken then waits about that long before it is even read,
 * and its answer and deliveries come later still. Configurable as SEND_QUEUE_MAX_LAG_MS.
 */
export const SEND_QUEUE_MAX_LAG_MS_DEFAULT = 200;
/**
 * R-LIMIT-15: how many connections the kernel may complete and hold for a server process while its
 * event loop is too busy to take them. Node's own 511 overflows while a busy loop falls a second
 * behind a flood, and the kernel then drops or resets the newest connections before the server can
 * answer them; 4096 is Linux's default cap on every listen queue (net.core.somaxconn since 5.4),
 * which clamps a larger figure silently. Configurable as LISTEN_BACKLOG.
 */
export const LISTEN_BACKLOG_DEFAULT = 4096;
/**
 * R-LIMIT-16: descriptors of its listening socket a server process watches, each taking one new
 * connection per turn of its event loop (Node 20 takes one per descriptor and turn). With 32, a
 * flood of new connections still waited seconds in the listen queue before being refused (busy
 * answers p99 1.5–7 s at 1,000–2,000 sends a second); with 256, 0.6–0.8 s. Each new connection
 * that meets an empty queue costs about half a millisecond more for it (the other descriptors'
 * accepts find nothing), which kept-alive clients rarely pay (bench/RESULTS.md, "Refusals that
 * waited in the listen queue"). Configurable as LISTEN_ACCEPT_HANDLES; 1 is Node's own way.
 */
export const LISTEN_ACCEPT_HANDLES_DEFAULT = 256;
/** Seconds a send refused for overload tells its client to wait (the Retry-After header). */
export const SERVER_BUSY_RETRY_AFTER_SECONDS = 1;
/** R-LIMIT-14: how many times the web outbox waits out a Retry-After by itself before a send is marked failed. */
export const OUTBOX_BUSY_RETRIES = 5;
/** R-LIMIT-14: the longest Retry-After the outbox waits out by itself; a longer one fails the send. */
export const OUTBOX_RETRY_AFTER_MAX_SECONDS = 30;

// Message and channel lengths. They live here, not beside their schemas, so a screen that only needs
// a limit does not pull the schema module (and zod) into its chunk (R-DELIVERY-7).
export const MESSAGE_CONTENT_MAX = 4000;
export const CONVERSATION_NAME_MAX = 80;
export const CONVERSATION_DESCRIPTION_MAX = 500;
/** R-EVENT-3: a resident's answers to an event (the RSVP schema is built from this list). */
export const RSVP_STATUSES = ['going', 'maybe', 'no'] as const;

// ---- Reactions, link previews, reports, attachments (R-REACT-*, R-REPORT-*, R-UPLOAD-9)
/** R-UPLOAD-10: at most this many files wait in the composer for one send. */
export const COMPOSER_FILES_MAX = 10;
/** R-REACT-2: at most this many different emoji on one message. */
export const REACTIONS_MAX_DISTINCT = 20;
/** R-REACT-4: the emoji of the quick row after the like, in order. */
export const QUICK_REACTIONS = ['👍', '😂', '😮', '😢', '🙏'] as const;
/** R-REACT-4: how many recently used emoji the picker remembers. */
export const RECENT_REACTIONS_MAX = 16;
/** R-REPORT-1: the reasons a resident may give when reporting a message. */
export const REPORT_REASONS = ['spam', 'harassment', 'other'] as const;
export const REPORT_NOTE_MAX = 500;
/**
 * R-UPLOAD-9: attachments refused by their name: programs, installers and scripts that run when
 * opened, and markup a browser would render as a page. Not `.bin`: a plain binary file (firmware,
 * a data dump) does nothing when opened, and an executable one is refused by its content.
 */
const BLOCKED_ATTACHMENT_EXTENSIONS = [
  'exe',
  'msi',
  'msix',
  'msp',
  'com',
  'scr',
  'pif',
  'cpl',
  'dll',
  'sys',
  'bat',
  'cmd',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'mjs',
  'cjs',
  'wsf',
  'wsh',
  'hta',
  'jar',
  'apk',
  'aab',
  'xapk',
  'ipa',
  'app',
  'dmg',
  'pkg',
  'deb',
  'rpm',
  'appimage',
  'sh',
  'bash',
  'zsh',
  'csh',
  'command',
  'run',
  'elf',
  'lnk',
  'reg',
  'inf',
  'scf',
  'gadget',
  'msc',
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xht',
  'mht',
  'mhtml',
  'php',
  'py',
  'pl',
  'rb',
] as const;

/** The extension of a file name that is refused as an attachment, or null when the name is fine. */
export function blockedAttachmentExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName
    .slice(dot + 1)
    .trim()
    .toLowerCase();
  return (BLOCKED_ATTACHMENT_EXTENSIONS as readonly string[]).includes(extension) ? extension : null;
}
// Moving a building in (R-MOVEIN-0)
/** R-MOVEIN-6: the largest WhatsApp export (.txt or .zip) an admin may upload. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
/** R-MOVEIN-6: what a zip may unpack to in all, and at most this many times its packed size. */
export const IMPORT_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
export const IMPORT_MAX_PACK_RATIO = 200;
/** R-MOVEIN-6: entries a zip may hold (a WhatsApp export has its chat and its media). */
export const IMPORT_MAX_ZIP_ENTRIES = 20_000;
/** R-MOVEIN-5: messages written per transaction; between two batches other sends go through. */
export const IMPORT_BATCH_SIZE = 1000;
/** R-MOVEIN-7: export lines read between two turns of the event loop (a slice takes a few ms). */
export const IMPORT_PARSE_SLICE_LINES = 2000;
/** R-MOVEIN-1: messages the preview shows. */
export const IMPORT_PREVIEW_MESSAGES = 20;
/** R-MOVEIN-8: an invitation lasts at most this long; 7 days unless the admin says otherwise. */
export const INVITE_MAX_DAYS = 90;
export const INVITE_DEFAULT_DAYS = 7;
export const INVITE_MAX_USES = 1000;
