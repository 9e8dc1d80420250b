import type { EventPage } from '../../data/public-content.ts';
import { OVERVIEW_GALLERY_IMAGES, shownGallery } from './event-texts.ts';
import { GalleryImage } from './gallery-image.tsx';
import { PageSection } from './page-section.tsx';

/** The gallery (spec section 2): only with more than 2 photos, showing those from the 3rd on. */
export function GallerySection({ page }: { page: EventPage }) {
  const gallery = shownGallery(page);
  if (gallery.length <= OVERVIEW_GALLERY_IMAGES) return null;
  const images = gallery.slice(OVERVIEW_GALLERY_IMAGES);
  return (
    <PageSection id="gallery" title="Gallery">
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {images.map((image, index) => (
          <li key={image.id}>
            <GalleryImage image={image} position={index + OVERVIEW_GALLERY_IMAGES + 1} eventTitle={page.event.title} />
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
