/**
 * A logo in a grid tile (a past sponsor's), or the name as text when there is no logo or it fails to
 * load (spec section 2: "the name as text when there is no logo").
 */
import { useState } from 'react';
import { shownImage } from '../lib/shown-image.ts';
import { brokenImageProps } from './broken-image.ts';

export function LogoOrName({
  name,
  logoUrl,
  height,
  imageClassName,
}: {
  name: string;
  logoUrl: string | null | undefined;
  /** The logo's intrinsic height for a 160 px width, which reserves its box before it loads. */
  height: number;
  imageClassName: string;
}) {
  const [failed, setFailed] = useState(false);
  const logo = shownImage(logoUrl);
  if (!logo || failed) {
    return <span className="text-center font-semibold text-slate-700">{name}</span>;
  }
  return (
    <img
      src={logo}
      alt={name}
      width={160}
      height={height}
      loading="lazy"
      decoding="async"
      {...brokenImageProps(() => setFailed(true))}
      className={imageClassName}
    />
  );
}
