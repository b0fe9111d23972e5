// Mail kept as files under DATA_DIR/mail-outbox when no SMTP_URL is set: one `.eml` a mail (UTF-8 headers,
// RFC 6532), so a password-reissue link can be read while the server runs — the embedded database admits one
// process at a time, so `npm run cli -- mail outbox` reads these files when the server holds it.
import fs from 'node:fs/promises';
import path from 'node:path';

export interface MailFile {
  id: number;
  to: string;
  subject: string;
  date: Date;
  body: string;
}

/** Names sort by time, then by outbox id: `20261126-024412-000042.eml`. */
function fileName(id: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `${stamp}-${String(id).padStart(6, '0')}.eml`;
}

/** Header values on one line, whatever the text held. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

export async function writeMailFile(dir: string, mail: MailFile): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, fileName(mail.id, mail.date));
  const text =
    `X-Outbox-Id: ${mail.id}\r\n` +
    `Date: ${mail.date.toUTCString()}\r\n` +
    `To: ${oneLine(mail.to)}\r\n` +
    `Subject: ${oneLine(mail.subject)}\r\n` +
    'MIME-Version: 1.0\r\n' +
    'Content-Type: text/plain; charset=utf-8\r\n' +
    'Content-Transfer-Encoding: 8bit\r\n' +
    `\r\n${mail.body.replace(/\r?\n/g, '\r\n')}\r\n`;
  // Reset links are secrets: readable by the server's user only.
  await fs.writeFile(file, text, { mode: 0o600 });
  return file;
}

function parseMailFile(text: string): MailFile | null {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const headers = new Map<string, string>();
  for (const line of text.slice(0, split).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const id = Number(headers.get('x-outbox-id'));
  const date = new Date(headers.get('date') ?? '');
  if (!Number.isInteger(id) || Number.isNaN(date.getTime())) return null;
  return {
    id,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    date,
    body: text
      .slice(split + 4)
      .replace(/\r\n$/, '')
      .replace(/\r\n/g, '\n'),
  };
}

/** The newest `limit` mails of the folder, newest first; none when it does not exist. */
export async function readMailFiles(dir: string, limit: number): Promise<MailFile[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names.sort().reverse().slice(0, limit);
  const mails = await Promise.all(
    newest.map(async (name) => parseMailFile(await fs.readFile(path.join(dir, name), 'utf8'))),
  );
  return mails.filter((mail): mail is MailFile => mail !== null);
}
