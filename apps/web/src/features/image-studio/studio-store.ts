import { create } from 'zustand';
import { onBrowserEvent } from '@/lib/browser-events';
import type { StudioJob, StudioNotice, StudioView } from './studio-types';

/** The image studio's state; kept for the life of the page, so a run goes on while the user looks elsewhere. */
export interface StudioState {
  prompt: string;
  jobs: StudioJob[];
  /** A run (Run All or a regenerate) is active; a new one is refused until it ends. */
  running: boolean;
  notice: StudioNotice | null;
  view: StudioView;
  setPrompt(prompt: string): void;
  setView(view: StudioView): void;
  setNotice(notice: StudioNotice | null): void;
  /** Replaces the job list with a function of the current one. */
  updateJobs(change: (jobs: StudioJob[]) => StudioJob[]): void;
}

/** The studio's state before anything was added. */
export const INITIAL_STUDIO = { prompt: '', jobs: [] as StudioJob[], running: false, notice: null, view: 'grid' as StudioView };

/** The studio store: `useStudioStore((s) => s.jobs)`. */
export const useStudioStore = create<StudioState>()((set) => ({
  ...INITIAL_STUDIO,
  setPrompt: (prompt) => set({ prompt }),
  setView: (view) => set({ view }),
  setNotice: (notice) => set({ notice }),
  updateJobs: (change) => set((s) => ({ jobs: change(s.jobs) })),
}));

// Another identity must not see (or try to download) the previous one's images.
const resetStudio = () => {
  const { view, running } = useStudioStore.getState();
  // A run still under way keeps its lock; its results land on jobs that no longer exist.
  useStudioStore.setState({ ...INITIAL_STUDIO, view, running });
};
onBrowserEvent('authLogin', resetStudio);
onBrowserEvent('authLogout', resetStudio);
