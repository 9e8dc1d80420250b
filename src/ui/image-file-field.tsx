/**
 * A labelled file input for one image. The picked file comes with an object URL to preview it;
 * those URLs live as long as the field (the form it sits in).
 */
import { useEffect, useRef, type ChangeEvent } from 'react';
import { isStoredImageType } from '../../sync/outbox/object-names.ts';
import { decodesAsImage } from '../lib/decodes-as-image.ts';
import { Field, Input } from './field.tsx';

export interface PickedImage {
  file: File;
  previewUrl: string;
}

export interface ImageFileFieldProps {
  label: string;
  hint: string;
  onPick: (image: PickedImage) => void;
  /** A picked file that is not an image, or one the browser cannot read; the input is emptied after this. */
  onNotAnImage: (file: File) => void;
}

export function ImageFileField({ label, hint, onPick, onNotAnImage }: ImageFileFieldProps) {
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    // A type Storage takes goes as it is (the server reads it, and says why it refuses a damaged
    // one); any other is redrawn as one it takes, so one the browser cannot draw (an SVG logo, say)
    // could be neither sized nor stored.
    if (!file.type.startsWith('image/') || (!isStoredImageType(file.type) && !(await decodesAsImage(file)))) {
      onNotAnImage(file);
      input.value = '';
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    previews.current.add(previewUrl);
    onPick({ file, previewUrl });
  }

  return (
    <Field label={label} hint={hint}>
      {(ids) => <Input {...ids} type="file" accept="image/*" onChange={(event) => void pick(event)} />}
    </Field>
  );
}
