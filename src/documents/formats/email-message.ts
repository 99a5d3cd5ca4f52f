// An e-mail as the rest of the service needs it, whichever format it came in (.eml or .msg).

export interface EmailAttachment {
  /** The name the sender gave it (may be empty). */
  filename: string;
  /** The media type the message declares for it (the bytes decide what it is). */
  mediaType: string;
  content: Uint8Array;
  /** Why it cannot be stored as a file, when the message itself says so (e.g. an embedded .msg). */
  unreadable?: string;
}

export interface EmailMessage {
  from: string;
  to: string;
  cc: string;
  date: string;
  subject: string;
  /** The plain-text body, when the message has one. */
  text: string | null;
  /** The HTML body, when the message has one. */
  html: string | null;
  attachments: EmailAttachment[];
}

/** `Name <address>`, or the address alone, or the name alone. */
export function formatMailbox(name: string | undefined | null, address: string | undefined | null): string {
  const n = (name ?? '').trim();
  const a = (address ?? '').trim();
  if (n && a && n !== a) return `${n} <${a}>`;
  return a || n;
}
