/**
 * An event's gallery (spec section 2, "Gallery tab"): several image files at once, each queued in
 * the file outbox (shown at once from the local copy, uploaded when online) and added after the
 * current last image; remove per image.
 */
import { X } from 'lucide-react';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useAdminActions, useAdminRows, useImageUrl, type SyncDoc } from '../../data/admin-data.ts';
import { nextDisplayOrder } from '../../data/event-values.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast, toastError } from '../../ui/toaster.tsx';
import { byDisplayOrder } from './admin-rows.ts';
import { imageProblem } from './image-file.ts';

type GalleryDoc = SyncDoc<'event_gallery'>;
const galleryByOrder = byDisplayOrder<GalleryDoc>;

export function EventGalleryTab({ eventId }: { eventId: string }) {
  const allImages = useAdminRows('event_gallery', galleryByOrder);
  const actions = useAdminActions();
  const [busy, setBusy] = useState(false);
  const images = useMemo(() => (allImages ?? []).filter((image) => image.event_id === eventId), [allImages, eventId]);

  const addImages = async (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.target;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    setBusy(true);
    try {
      let order = nextDisplayOrder(images);
      let added = 0;
      for (const file of files) {
        const problem = await imageProblem(file);
        if (problem) {
          toast.error('Upload failed', { description: problem });
          continue;
        }
        const id = crypto.randomUUID();
        try {
          const imageUrl = await actions.queueImage(file, {
            kind: 'gallery-image',
            eventId,
            target: { table: 'event_gallery', id, column: 'image_url' },
          });
          await actions.insert('event_gallery', { id, event_id: eventId, image_url: imageUrl, display_order: order });
          order += 1;
          added += 1;
        } catch (error) {
          toast.error('Upload failed', { description: errorMessage(error) });
        }
      }
      if (added > 0) toast.success('Images added to gallery');
    } finally {
      setBusy(false);
    }
  };

  const removeImage = async (id: string) => {
    try {
      await actions.remove('event_gallery', id);
      toast.success('Image removed from gallery');
    } catch (error) {
      toastError(error);
    }
  };

  if (!allImages) return <p className="text-slate-600">Loading...</p>;

  return (
    <div className="space-y-4">
      <Field label="Add images" hint="Choose one or more image files.">
        {(ids) => (
          <Input
            {...ids}
            type="file"
            accept="image/*"
            multiple
            disabled={busy || !actions.ready}
            onChange={(change) => void addImages(change)}
          />
        )}
      </Field>
      {images.length === 0 ? (
        <p className="text-slate-600">No images in the gallery yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Gallery images">
          {images.map((image, index) => (
            <GalleryImage
              key={image.id}
              image={image}
              label={image.caption ?? `Gallery image ${index + 1}`}
              onRemove={() => void removeImage(image.id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function GalleryImage({ image, label, onRemove }: { image: GalleryDoc; label: string; onRemove: () => void }) {
  const src = useImageUrl(image.image_url);
  return (
    <li className="relative overflow-hidden rounded-md border border-slate-200 bg-slate-50">
      {src ? (
        <img src={src} alt={label} className="aspect-[4/3] w-full object-cover" />
      ) : (
        <div className="flex aspect-[4/3] items-center justify-center p-2 text-center text-xs text-slate-600">
          Uploading from another device...
        </div>
      )}
      <Button
        variant="light"
        size="icon"
        className="absolute top-1 right-1 h-8 w-8 shadow"
        aria-label={`Remove ${label}`}
        onClick={onRemove}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </Button>
    </li>
  );
}
