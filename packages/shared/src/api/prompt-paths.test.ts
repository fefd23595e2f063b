import { describe, expect, it } from 'vitest';
import { fillPrompt, promptVariables } from './prompt-paths.js';

describe('prompt variables (issue 42)', () => {
  it('finds each {{variable}} once, in order, trimmed, in any script', () => {
    expect(promptVariables('Write to {{ name }} about {{topic}}; sign as {{name}}.')).toEqual(['name', 'topic']);
    expect(promptVariables('Traduis {{texte source}} en {{langue-cible}} ({{日本語}})')).toEqual([
      'texte source',
      'langue-cible',
      '日本語',
    ]);
    expect(promptVariables('No variables, {{ }}, {{}} or { {x} } here')).toEqual([]);
    expect(promptVariables(`{{${'a'.repeat(41)}}}`)).toEqual([]);
  });

  it('fills every occurrence; one without a value stays as it was', () => {
    expect(fillPrompt('Hi {{name}}, {{ name }}! About {{topic}}.', { name: 'Ada' })).toBe('Hi Ada, Ada! About {{topic}}.');
    expect(fillPrompt('Cost: {{x}}', { x: '$1 and $& and $$' })).toBe('Cost: $1 and $& and $$');
  });
});
