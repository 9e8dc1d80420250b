/** An attendee's photo or company logo in the list, through the outbox (a queued file shows at once). */
import { useImageUrl } from '../../data/admin-data.ts';

export function AttendeePhoto({ url, name }: { url: string | null | undefined; name: string }) {
  const src = useImageUrl(url);
  if (!src) return <span className="text-xs text-slate-600">No photo</span>;
  return (
    <img src={src} alt={name} loading="lazy" className="h-10 w-10 rounded-full border border-slate-200 object-cover" />
  );
}

export function CompanyLogo({ url, company }: { url: string | null | undefined; company: string }) {
  const src = useImageUrl(url);
  if (!src) return null;
  return (
    <img
      src={src}
      // The company's name is printed beside it.
      alt=""
      data-company={company}
      loading="lazy"
      className="h-6 w-6 shrink-0 rounded border border-slate-200 bg-white object-contain"
    />
  );
}
