/**
 * An external form (enquiries, nominations) embedded in an iframe. When no form is configured, or the
 * browser is offline (a cached page would otherwise show a broken frame), a message with a mailto
 * link to the enquiry address shows instead. Online state is read in an effect, never during render,
 * because public pages are prerendered.
 */
import { useEffect, useState } from 'react';
import { cx } from '../lib/class-names.ts';

const NO_FORM_MESSAGE = 'Please send your enquiry by e-mail to:';
const OFFLINE_MESSAGE = 'The form cannot be shown while you are offline. Please write to us instead:';

export interface EmbeddedFormProps {
  /** The form's address; missing means none is configured. */
  url?: string | undefined;
  /** Names the frame for assistive technology. */
  title: string;
  /** Where enquiries go when the form cannot show. */
  fallbackEmail: string;
  /** True while the settings naming the form are still loading: the space is reserved, nothing flashes. */
  pending?: boolean;
  /** Frame height in pixels (the fallback reserves no more than it needs). */
  height?: number;
  className?: string;
}

/** Whether the browser says it is online, following its online/offline events. True before hydration. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function EmbeddedForm({
  url,
  title,
  fallbackEmail,
  pending = false,
  height = 720,
  className,
}: EmbeddedFormProps) {
  const online = useOnline();

  if (pending) {
    return (
      <div
        aria-busy="true"
        className={cx('w-full animate-pulse rounded-lg bg-slate-100', className)}
        style={{ height }}
      />
    );
  }

  if (!url || !online) {
    return (
      <div role="status" className={cx('rounded-lg border border-slate-200 bg-slate-50 p-6 text-slate-700', className)}>
        <p>{url ? OFFLINE_MESSAGE : NO_FORM_MESSAGE}</p>
        <p className="mt-2">
          <a href={`mailto:${fallbackEmail}`} className="font-semibold text-brand-strong underline underline-offset-2">
            {fallbackEmail}
          </a>
        </p>
      </div>
    );
  }

  return (
    <iframe
      src={url}
      title={title}
      loading="lazy"
      className={cx('w-full rounded-lg border border-slate-200 bg-white', className)}
      style={{ height }}
    />
  );
}
