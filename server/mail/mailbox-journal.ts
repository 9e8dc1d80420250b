/**
 * The local mailbox's memory on disk, for a backend with a data folder (`npm start`'s `.data/`): one
 * JSON line per delivered message, with the idempotency key it came with, appended before the
 * mailbox answers the send. So a backend killed and started again still holds what it delivered
 * and still knows its keys: the guest-message sender, which re-sends a message whose outcome it did
 * not record before the crash (with the same key), gets the first message's id back instead of a
 * second copy, as from Resend.
 *
 * Written synchronously: the mailbox's check of a key and its record then stay one step, with no
 * other send in between, and a development tool's few messages cost little. The data reaches the
 * operating system before the answer, so it survives the process being killed; a power cut may
 * lose the last lines, as the file is not synced to the disk. A line cut short by a crash is
 * dropped when the file is opened. The file grows by a line per message and is rewritten to what the
 * mailbox keeps when it holds twice that many lines. Mail holds secrets (invite links), so only
 * the file's owner may read it.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const KeyEntry = z.object({ key: z.string(), id: z.string(), body: z.string(), at: z.number() });

const MessageEntry = z.object({
  id: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(
    z.object({
      filename: z.string(),
      contentType: z.string(),
      contentId: z.string().nullable(),
      /** The bytes, base64. */
      content: z.string(),
    }),
  ),
  receivedAt: z.string(),
});

const Entry = z.object({ message: MessageEntry.optional(), key: KeyEntry.optional() });

/** A delivered message and the key it came with, or a key alone (its message no longer kept). */
export type JournalEntry = z.infer<typeof Entry>;

export class MailboxJournal {
  private lines = 0;

  private constructor(private readonly file: string) {}

  /** Opens the journal at `file` (created at the first append) and reads what it holds, oldest first. */
  static open(file: string): { journal: MailboxJournal; entries: JournalEntry[] } {
    const journal = new MailboxJournal(file);
    if (!existsSync(file)) return { journal, entries: [] };
    const text = readFileSync(file, 'utf8');
    // A crash in the middle of an append leaves a last line without its end: drop it, or the next
    // line would be glued to it and lost too.
    const end = text.lastIndexOf('\n') + 1;
    if (end < text.length) truncateSync(file, Buffer.byteLength(text.slice(0, end)));
    const entries: JournalEntry[] = [];
    for (const line of text.slice(0, end).split('\n')) {
      if (!line) continue;
      journal.lines += 1;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        continue;
      }
      const entry = Entry.safeParse(value);
      if (entry.success) entries.push(entry.data);
    }
    return { journal, entries };
  }

  /** How many lines the file holds. */
  get size(): number {
    return this.lines;
  }

  /** Adds one entry; returns once the operating system has it. */
  append(entry: JournalEntry): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    this.lines += 1;
  }

  /**
   * Replaces the file with `entries`: written beside it and renamed over it, so a crash leaves
   * either the old file or the new one.
   */
  rewrite(entries: readonly JournalEntry[]): void {
    const next = `${this.file}.next`;
    writeFileSync(next, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), { mode: 0o600 });
    renameSync(next, this.file);
    this.lines = entries.length;
  }
}
