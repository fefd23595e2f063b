import { IMAGE_MODELS, TEXT_MODELS } from '@ensemble/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModelPicker } from './model-picker';

describe('ModelPicker', () => {
  const models = [{ ...TEXT_MODELS[0]!, demo: true }, TEXT_MODELS[2]!, IMAGE_MODELS[4]!];

  it('shows the current model and lists each with its cost and demo label', async () => {
    const onChange = vi.fn();
    const onAll = vi.fn();
    render(<ModelPicker models={models} value="gpt-4o" onChange={onChange} onAllModels={onAll} testId="picker" />);
    const trigger = screen.getByTestId('picker');
    expect(trigger).toHaveTextContent('GPT-4o');
    await userEvent.click(trigger);
    const menu = await screen.findByTestId('picker-menu');
    expect(menu).toHaveTextContent('o1-mini');
    expect(menu).toHaveTextContent('3 credits');
    expect(menu).toHaveTextContent('8 credits');
    expect(menu).toHaveTextContent('demo');
    expect(menu.lastElementChild).toHaveTextContent('All Models...');
    await userEvent.click(screen.getByText('o1-mini → GPT-6.1 Terra'));
    expect(onChange).toHaveBeenCalledWith('o1-mini');
  });

  it("calls onAllModels from 'All Models...'", async () => {
    const onAll = vi.fn();
    render(<ModelPicker models={models} value="gpt-4o" onChange={() => {}} onAllModels={onAll} testId="picker" />);
    await userEvent.click(screen.getByTestId('picker'));
    await userEvent.click(await screen.findByText('All Models...'));
    expect(onAll).toHaveBeenCalledOnce();
  });

  it('greys a model that cannot be chosen, with the reason, and does not choose it', async () => {
    const onChange = vi.fn();
    const deepseek = TEXT_MODELS.find((m) => m.id === 'deepseek-chat')!;
    const list = [TEXT_MODELS[0]!, deepseek];
    const unavailable = (m: { id: string }) => (m.id === 'deepseek-chat' ? 'Cannot see images' : null);
    render(<ModelPicker models={list} value="gpt-4o" onChange={onChange} unavailable={unavailable} testId="picker" />);
    await userEvent.click(screen.getByTestId('picker'));
    const menu = await screen.findByTestId('picker-menu');
    const item = menu.querySelector('[data-model-id="deepseek-chat"]') as HTMLElement;
    expect(item).toHaveAttribute('data-disabled');
    expect(item).toHaveTextContent('Cannot see images');
    expect(menu.querySelector('[data-model-id="gpt-4o"]')).not.toHaveAttribute('data-disabled');
    await userEvent.click(screen.getByText(deepseek.name));
    expect(onChange).not.toHaveBeenCalled();
  });
});
