import { useState, type ImgHTMLAttributes } from 'react';

/** An image that, when it fails to load, says "Image not available" instead (spec section 8). */
export function FallbackImage(props: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === props.src) return <span className="image-missing">Image not available</span>;
  return <img {...props} onError={() => setFailedSrc(props.src)} />;
}
