import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { comboKeys, isApplePlatform, SHORTCUTS, TYPING_KEYS } from './shortcut-keys';

function Keys({ keys }: { keys: string[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {keys.map((k) => (
        <kbd
          key={k}
          className="inline-flex min-w-7 items-center justify-center rounded-md border border-border border-b-2 bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-fg"
        >
          {k}
        </kbd>
      ))}
    </span>
  );
}

function Row({ label, note, children }: { label: string; note?: string; children: React.ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-4 py-2.5" data-testid="shortcut-row">
      <span className="min-w-0">
        <span className="block text-sm text-fg">{label}</span>
        {note && <span className="block text-xs text-muted">{note}</span>}
      </span>
      <span className="flex shrink-0 items-center gap-1.5 text-xs text-muted">{children}</span>
    </li>
  );
}

/** The '?' dialog: every shortcut with its keys for this platform (Ctrl, or ⌘ on macOS). */
export function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t, i18n } = useLingui();
  const apple = isApplePlatform();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Keyboard shortcuts`}
      description={
        apple
          ? t`Shortcuts use ⌘ (Command). Press ? anywhere outside a text box to see this list.`
          : t`Shortcuts use Ctrl. Press ? anywhere outside a text box to see this list.`
      }
    >
      <div data-shortcuts-dialog="">
        <ul className="divide-y divide-border">
          {SHORTCUTS.map((s) => (
            <Row key={s.id} label={i18n._(s.label)} note={s.note && i18n._(s.note)}>
              {s.combos.map((combo, i) => (
                <Fragment key={comboKeys(combo, apple).join('+')}>
                  {i > 0 && (
                    <span>
                      <Trans>or</Trans>
                    </span>
                  )}
                  <Keys keys={comboKeys(combo, apple)} />
                </Fragment>
              ))}
            </Row>
          ))}
        </ul>
        <h3 className="mt-4 font-sans text-xs font-semibold tracking-wide text-muted uppercase">
          <Trans>In the message box</Trans>
        </h3>
        <ul className="divide-y divide-border">
          {TYPING_KEYS.map((typing) => (
            <Row key={typing.id} label={i18n._(typing.label)}>
              <Keys keys={typing.keys} />
            </Row>
          ))}
        </ul>
      </div>
    </Dialog>
  );
}
