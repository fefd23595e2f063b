import { useLingui } from '@lingui/react/macro';
import { ArrowRight, Columns3, Palette } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// Three answer columns of different lengths: "one prompt, three models".
function CompareArt() {
  const columns = [
    { id: 'a', lines: [90, 70, 82, 40] },
    { id: 'b', lines: [76, 88, 54] },
    { id: 'c', lines: [84, 62, 90, 72, 30] },
  ];
  return (
    <div aria-hidden="true" className="grid grid-cols-3 gap-2">
      {columns.map(({ id, lines }) => (
        <div key={id} className="space-y-1.5 rounded-lg border border-border bg-bg/60 p-2">
          <div className="mb-2 h-1.5 w-8 rounded-full bg-accent/70" />
          {lines.map((w) => (
            <div key={`${id}-${w}`} className="h-1 rounded-full bg-fg/15" style={{ width: `${w}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

// A small mosaic of generated frames in the three shapes.
function StudioArt() {
  const tiles = [
    'col-span-2 h-12 from-accent/70 to-fuchsia-500/50',
    'row-span-2 from-amber-400/60 to-rose-500/50',
    'h-12 from-emerald-400/50 to-sky-500/60',
    'h-12 from-violet-500/60 to-accent/50',
  ];
  return (
    <div aria-hidden="true" className="grid grid-cols-3 gap-2">
      {tiles.map((t) => (
        <div key={t} className={`rounded-lg bg-gradient-to-br ${t}`} />
      ))}
    </div>
  );
}

function Tile({ to, title, text, icon, art }: { to: string; title: string; text: string; icon: ReactNode; art: ReactNode }) {
  return (
    <Link
      to={to}
      className="group relative flex flex-col gap-5 overflow-hidden rounded-3xl border border-border bg-surface p-6 transition hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-xl hover:shadow-accent/5"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -end-24 size-56 rounded-full bg-accent/10 blur-3xl transition group-hover:bg-accent/20"
      />
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-accent/15 text-accent [&_svg]:size-5">{icon}</span>
        <h3 className="text-xl text-fg">{title}</h3>
        <ArrowRight
          aria-hidden="true"
          className="ms-auto size-5 text-muted transition group-hover:translate-x-1 group-hover:text-fg rtl:-scale-x-100 rtl:group-hover:-translate-x-1"
        />
      </div>
      <p className="text-sm leading-relaxed text-muted">{text}</p>
      <div className="mt-auto">{art}</div>
    </Link>
  );
}

/** The two promo tiles: Compare Models (/compare) and Image Studio (/image-studio). */
export function PromoTiles() {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Tile
        to="/compare"
        title={t`Compare Models`}
        text={t`Send one prompt to three models and read their answers side by side, with time and credits for each.`}
        icon={<Columns3 />}
        art={<CompareArt />}
      />
      <Tile
        to="/image-studio"
        title={t`Image Studio`}
        text={t`Queue up to 18 image models, run them in one go, and keep the pictures you like best.`}
        icon={<Palette />}
        art={<StudioArt />}
      />
    </div>
  );
}
