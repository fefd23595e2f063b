import { encode } from 'uqr';
import { useMemo } from 'react';

/** A QR code drawn here as SVG (no image service sees the secret it carries), dark on white as scanners expect. */
export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data, size: n } = encode(value, { ecc: 'M', border: 0 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x + 2} ${y + 2}h1v1h-1z`;
      });
    });
    return { path: d, modules: n + 4 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="two-factor-qr"
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-lg border border-border"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
