import { describe, expect, it } from 'vitest';
import { collectConsoleErrors, screenshot, useJourney, waitForReplies } from './harness';
import { seriousViolations } from './axe';
import { creditsOf } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMpAQAG7NBoZm0iP0AAAAASUVORK5CYII=',
  'base64',
);
const text = 'Meeting notes: ship the attachments feature';
const stream = `BT /F1 18 Tf 10 50 Td (${text}) Tj ET`;
const PDF = Buffer.from(`%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 600 100]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj
4 0 obj<</Length ${stream.length}>>stream
${stream}
endstream endobj
5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj
trailer<</Root 1 0 R>>
%%EOF`);

describe('attachments', () => {
  const journey = useJourney();

  it('attaches an image and a PDF, greys text-only models, sends them and sees the reply read them', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${journey.server.url}/prod/thread?model=gpt-4o`);
    await page.getByRole('button', { name: 'Attach files' }).waitFor();

    // A bad file is refused with its reason, and nothing is attached.
    await page
      .getByTestId('attach-input')
      .setInputFiles([{ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 nothing') }]);
    const alert = page.getByTestId('attachment-error');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('"broken.pdf" could not be read as a PDF');

    await page.getByTestId('attach-input').setInputFiles([
      { name: 'sky.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const tray = page.getByRole('list', { name: 'Files to send' });
    await tray.getByText('notes.pdf').waitFor();
    await tray.getByRole('img', { name: 'sky.png' }).waitFor();
    expect(await alert.count()).toBe(0);
    // The chips in the input bar pass axe (serious and critical findings).
    expect(await seriousViolations(page)).toEqual([]);

    // With an image attached, a model that cannot see it is greyed with the reason.
    await page.getByTestId('chat-model-picker').click();
    const deepseek = page.locator('[data-model-id="deepseek-chat"]');
    await deepseek.waitFor();
    expect(await deepseek.getAttribute('data-disabled')).not.toBeNull();
    expect(await deepseek.innerText()).toContain('Cannot see images');
    expect(await page.locator('[data-model-id="gpt-4o"]').getAttribute('data-disabled')).toBeNull();
    await screenshot(page, 'attachments-picker');
    await page.keyboard.press('Escape');

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('What do these say?');
    await box.press('Enter');
    const reply = page.locator('[data-testid="message"][data-sender="ai"]').last();
    await page.waitForFunction(
      () =>
        (document.querySelectorAll('[data-testid="message"][data-sender="ai"]')[0]?.textContent ?? '').includes('characters of text read'),
      undefined,
      { timeout: 30_000 },
    );
    // The reply types out after it has arrived: read it once it is all on screen.
    await waitForReplies(page);
    const said = await reply.innerText();
    expect(said).toContain('I received 2 attachments');
    expect(said).toContain('sky.png');
    expect(said).toContain(`${text.length} characters of text read`);
    // The sent message shows its files; the input bar is empty again.
    const sent = page.locator('[data-testid="message"][data-sender="user"]').last();
    await sent.getByRole('list', { name: 'Attached files' }).getByText('notes.pdf').waitFor();
    expect(await page.getByRole('list', { name: 'Files to send' }).count()).toBe(0);
    // gpt-4o 1 credit + 2 attachments.
    expect(await creditsOf(page)).toBe(22);
    await screenshot(page, 'attachments-sent');

    // After a reload the message still shows its files, served to their owner.
    await page.waitForURL(/\/prod\/thread\/\d+$/);
    await page.reload();
    const thumb = page.locator('[data-testid="message"][data-sender="user"]').getByRole('img', { name: 'sky.png' });
    await thumb.waitFor({ timeout: 15_000 });
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await page.close();
  });

  it('attaches by paste and by drag and drop; a removed chip is not sent', async () => {
    const page = await journey.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${journey.server.url}/prod/thread?model=deepseek-chat`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.waitFor();
    // Paste a code file into the message box.
    await box.evaluate((el) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['def add(a, b):\n    return a + b\n'], 'add.py', { type: 'text/x-python' }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    const tray = page.getByRole('list', { name: 'Files to send' });
    await tray.getByText('add.py').waitFor({ timeout: 15_000 });
    // Drop a second file on the input bar, then remove it again.
    await page.getByTestId('chat-input-bar').evaluate((form) => {
      const dt = new DataTransfer();
      dt.items.add(new File(['just some notes'], 'notes.md', { type: 'text/markdown' }));
      form.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      form.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await tray.getByText('notes.md').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Remove notes.md' }).click();
    await box.fill('Review this code');
    await box.press('Enter');
    await page.waitForFunction(
      () =>
        (document.querySelectorAll('[data-testid="message"][data-sender="ai"]')[0]?.textContent ?? '').includes('characters of text read'),
      undefined,
      { timeout: 30_000 },
    );
    const said = await page.locator('[data-testid="message"][data-sender="ai"]').last().innerText();
    expect(said).toContain('I received 1 attachment');
    expect(said).not.toContain('notes.md');
    // deepseek-chat 1 credit + 1 attachment.
    expect(await creditsOf(page)).toBe(23);
    await page.close();
  });
});
