import { i18n } from '@lingui/core';

/** The language the app's texts are written in: its messages are compiled into the code, no catalogue loads. */
export const SOURCE_LOCALE = 'en';

// Active from the moment any module that translates is imported (the macros import this module).
if (!i18n.locale) i18n.loadAndActivate({ locale: SOURCE_LOCALE, messages: {} });

export { i18n };
