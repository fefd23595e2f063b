import { Trans } from '@lingui/react/macro';
import { SiteFooter } from '@/components/site-footer';
import { CallToAction } from './components/call-to-action';
import { FeatureList } from './components/feature-list';
import { PromoTiles } from './components/promo-tiles';
import { PromptBox } from './components/prompt-box';

/** The landing page: headline and prompt, promo tiles, feature list, calls to action, footer. */
export function HomeScreen() {
  return (
    <div className="relative flex flex-1 flex-col overflow-x-clip">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[560px] bg-[radial-gradient(60%_55%_at_50%_0%,color-mix(in_srgb,var(--accent)_28%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[560px] bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:56px_56px] opacity-40 [mask-image:radial-gradient(ellipse_at_top,black,transparent_70%)]"
      />
      <section className="relative mx-auto flex w-full max-w-3xl flex-col items-center px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24">
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-border bg-surface/80 px-3 py-1 text-xs text-muted backdrop-blur">
          <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
          <Trans>One place for the world's leading AI models</Trans>
        </p>
        <h1 className="text-4xl leading-[1.1] text-balance text-fg sm:text-6xl">
          <Trans>Welcome Every Possibility</Trans>
        </h1>
        <p className="mt-5 max-w-xl text-base text-muted sm:text-lg">
          <Trans>Ask anything, put models side by side, or turn an idea into images. One prompt away.</Trans>
        </p>
        <div className="mt-9 w-full text-left">
          <PromptBox />
        </div>
      </section>
      <div className="relative mx-auto w-full max-w-6xl space-y-16 px-4 pb-20 sm:px-6">
        <section aria-labelledby="home-explore">
          <h2 id="home-explore" className="sr-only">
            <Trans>Explore</Trans>
          </h2>
          <PromoTiles />
        </section>
        <section aria-labelledby="home-features">
          <h2 id="home-features" className="mb-6 text-center text-2xl text-fg sm:text-3xl">
            <Trans>Why Ensemble</Trans>
          </h2>
          <FeatureList />
        </section>
        <CallToAction />
      </div>
      <SiteFooter className="mt-auto" />
    </div>
  );
}
