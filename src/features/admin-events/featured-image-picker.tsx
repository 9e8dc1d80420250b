/**
 * The event form's featured image: picked here (image files only), shown at once from the local
 * file, and queued when the form is saved (src/data/save-event.ts).
 */
import type { ChangeEvent } from 'react';
import { useImageUrl } from '../../data/admin-data.ts';
import { Button } from '../../ui/button.tsx';
import { Field, Input } from '../../ui/field.tsx';
import { toast } from '../../ui/toaster.tsx';
import { imageProblem } from './image-file.ts';

/** An image picked and not saved yet, with a preview of the local file. */
export interface PendingImage {
  file: File;
  previewUrl: string;
}

interface FeaturedImagePickerProps {
  savedUrl: string | null;
  pending: PendingImage | null;
  onPick: (picked: PendingImage) => void;
  onClear: () => void;
}

/** Picks the featured image (image files only) and shows it at once from the local file. */
export function FeaturedImagePicker({ savedUrl, pending, onPick, onClear }: FeaturedImagePickerProps) {
  const saved = useImageUrl(savedUrl);
  const shown = pending?.previewUrl ?? saved;

  const pick = async (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.target;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = await imageProblem(file);
    if (problem) {
      toast.error('Upload failed', { description: problem });
      return;
    }
    onPick({ file, previewUrl: URL.createObjectURL(file) });
    toast.success('Image uploaded successfully');
  };

  return (
    <div className="space-y-4">
      <Field label="Featured image" hint="An image file (JPEG, PNG, WebP, GIF or AVIF).">
        {(ids) => <Input {...ids} type="file" accept="image/*" onChange={(change) => void pick(change)} />}
      </Field>
      {shown ? (
        <div className="space-y-2">
          <img src={shown} alt="Featured image preview" className="max-h-64 rounded-md border border-slate-200" />
          <Button variant="outline" size="sm" onClick={onClear}>
            Remove image
          </Button>
        </div>
      ) : savedUrl && !pending ? (
        <p className="text-sm text-slate-600">The image is uploading from another device.</p>
      ) : (
        <p className="text-sm text-slate-600">No featured image yet.</p>
      )}
    </div>
  );
}
