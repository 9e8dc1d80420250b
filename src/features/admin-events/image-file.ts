/** Checks on picked files before they go to the outbox ('image files only', spec section 5). */
import { decodesAsImage } from '../../lib/decodes-as-image.ts';

/** Why a picked file cannot be used as an image, or null when it decodes as one. */
export async function imageProblem(file: File): Promise<string | null> {
  if (!file.type.startsWith('image/')) return `${file.name} is not an image`;
  return (await decodesAsImage(file)) ? null : `${file.name} could not be read as an image`;
}
