/**
 * What a section says when it has nothing on this device and the device is offline (a first visit
 * cut short before the content arrived): words instead of an empty list or an endless 'Loading...'.
 */

export function offlineText(what: string): string {
  return `You're offline. ${what} will appear once you're back online.`;
}

export function OfflineNotice({ what, className = '' }: { what: string; className?: string }) {
  return (
    <p
      role="status"
      className={`rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700 ${className}`}
    >
      {offlineText(what)}
    </p>
  );
}
