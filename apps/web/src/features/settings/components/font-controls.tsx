import { FONTS, type FontName, LIMITS } from '@ensemble/shared';
import { Select } from '@/components/ui/select';

/** The reading size, 12 to 20 px in steps of 1. */
export function FontSizeSlider({ value, onChange }: { value: number; onChange: (px: number) => void }) {
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="text-xs text-muted">
        A
      </span>
      <input
        id="font-size"
        type="range"
        min={LIMITS.fontSizeMin}
        max={LIMITS.fontSizeMax}
        step={1}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-44 accent-[var(--accent)]"
      />
      <span aria-hidden="true" className="text-lg text-muted">
        A
      </span>
      <output htmlFor="font-size" dir="ltr" className="w-12 text-end text-sm text-fg tabular-nums">
        {value} px
      </output>
    </div>
  );
}

/** A select of the bundled fonts, each option shown in its own face. */
export function FontSelect({ id, value, onChange }: { id: string; value: FontName; onChange: (font: FontName) => void }) {
  return (
    <Select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value as FontName)}
      className="w-56"
      style={{ fontFamily: `"${value}"` }}
    >
      {FONTS.map((font) => (
        <option key={font} value={font} style={{ fontFamily: `"${font}"` }}>
          {font}
        </option>
      ))}
    </Select>
  );
}
