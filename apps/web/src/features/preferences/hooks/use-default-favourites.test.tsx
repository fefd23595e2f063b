import { IMAGE_MODELS, TEXT_MODELS } from '@ensemble/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { usePreferences } from '../preferences-store';

const models = (favourites: string[]) => ({
  json: { status: 'success', text_models: TEXT_MODELS, image_models: IMAGE_MODELS, default_favourites: favourites },
});

describe('default favourites from the operators', () => {
  it('a first visit starts with the favourites models.php gives', async () => {
    usePreferences.getState().resetPreferences();
    localStorage.clear();
    stubApi({ routes: { 'GET /api/config/models.php': models(['deepseek-chat', 'gpt-4o', 'flux']) } });
    renderApp('/prod/settings');
    await screen.findAllByRole('heading');
    await waitFor(() => expect(usePreferences.getState().modelShortlist).toEqual(['deepseek-chat', 'gpt-4o', 'flux']));
  });

  it('a visitor with a shortlist of their own keeps it', async () => {
    usePreferences.getState().setModelShortlist(['o1-mini', 'dall-e-3']);
    expect(localStorage.getItem('modelShortlist')).not.toBeNull();
    const api = stubApi({ routes: { 'GET /api/config/models.php': models(['deepseek-chat']) } });
    renderApp('/prod/settings');
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).includes('/api/config/models.php'))).toBe(true));
    await screen.findAllByRole('heading');
    expect(usePreferences.getState().modelShortlist).toEqual(['o1-mini', 'dall-e-3']);
  });
});
