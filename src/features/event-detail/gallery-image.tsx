import type { EventPage } from '../../data/public-content.ts';
import { cx } from '../../lib/class-names.ts';
import { hasText } from './event-texts.ts';

type GalleryRow = EventPage['gallery'][number];

/** A gallery photo in a 4:3 box (its size is known before it loads), lazily loaded, with its caption. */
export function GalleryImage({
  image,
  position,
  eventTitle,
  className,
}: {
  image: GalleryRow;
  /** 1-based position in the whole gallery, for the text alternative of uncaptioned photos. */
  position: number;
  eventTitle: string;
  className?: string;
}) {
  const caption = hasText(image.caption) ? image.caption.trim() : null;
  return (
    <figure className={cx('overflow-hidden rounded-lg bg-slate-100', className)}>
      <img
        src={image.image_url}
        alt={caption ?? `Photo ${position} from ${eventTitle}`}
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] h-auto w-full object-cover"
      />
      {caption ? (
        <figcaption aria-hidden="true" className="px-3 py-2 text-sm text-slate-700">
          {caption}
        </figcaption>
      ) : null}
    </figure>
  );
}
