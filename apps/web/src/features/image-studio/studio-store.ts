import { MESSAGES, SESSION_KEYS } from '@ensemble/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onBrowserEvent } from '@/lib/browser-events';
import type { StudioJob, StudioNotice, StudioView } from './studio-types';

/** The image studio's state; kept for the browser session (a reload keeps the prompt and the queue). */
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

const STATUSES = new Set(['pending', 'loading', 'complete', 'error']);

function isJob(value: unknown): value is StudioJob {
  const job = value as Partial<StudioJob> | null;
  return (
    typeof job === 'object' &&
    job !== null &&
    typeof job.id === 'string' &&
    typeof job.model === 'string' &&
    typeof job.status === 'string' &&
    STATUSES.has(job.status) &&
    typeof job.metadata?.aspectRatio === 'string'
  );
}

/**
 * The queue as a reload finds it: a job that was running then lost its request (the server may
 * still have finished it: the image is then in My Assets), so it shows as interrupted.
 */
export function restoredJobs(value: unknown): StudioJob[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isJob)
    .map((job) =>
      job.status === 'loading'
        ? { ...job, status: 'error' as const, error: { type: 'error' as const, message: MESSAGES.studioInterrupted }, startTime: undefined }
        : job,
    );
}

/** The studio store: `useStudioStore((s) => s.jobs)`. */
export const useStudioStore = create<StudioState>()(
  persist(
    (set) => ({
      ...INITIAL_STUDIO,
      setPrompt: (prompt) => set({ prompt }),
      setView: (view) => set({ view }),
      setNotice: (notice) => set({ notice }),
      updateJobs: (change) => set((s) => ({ jobs: change(s.jobs) })),
    }),
    {
      name: SESSION_KEYS.imageStudio,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ prompt: s.prompt, jobs: s.jobs, view: s.view }),
      // Stored data is input like any other: keep only well-formed jobs, never a running lock.
      merge: (stored, current) => {
        const saved = (stored ?? {}) as Partial<StudioState>;
        return {
          ...current,
          prompt: typeof saved.prompt === 'string' ? saved.prompt : current.prompt,
          view: saved.view === 'list' || saved.view === 'filmstrip' || saved.view === 'grid' ? saved.view : current.view,
          jobs: restoredJobs(saved.jobs),
        };
      },
    },
  ),
);

// Another identity must not see (or try to download) the previous one's images.
const resetStudio = () => {
  const { view, running } = useStudioStore.getState();
  // A run still under way keeps its lock; its results land on jobs that no longer exist.
  useStudioStore.setState({ ...INITIAL_STUDIO, view, running });
};
onBrowserEvent('authLogin', resetStudio);
onBrowserEvent('authLogout', resetStudio);

// While the page unloads (a reload), its requests are cut: that is not the job failing. The job
// stays 'loading' in storage and comes back as interrupted.
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** Whether the page is being left (so a failing request says nothing about its job). */
export function isLeavingPage(): boolean {
  return leaving;
}
