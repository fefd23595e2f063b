import { DEFAULT_LANGUAGE, type Language, RTL_LANGUAGES, isLanguage, languageForHeader } from '@ensemble/shared';

/**
 * The words of the mails Ensemble sends, in each language the app speaks (issue 43). A mail goes out in the account's
 * language (picked in Settings), else in the language of the request that caused it: the web app sends its active
 * language as Accept-Language with every call, so a guest who picked German in Settings signs up to a German mail.
 */
interface MailTexts {
  verify: { subject: string; welcome: string; open: string; link: string; valid: string; ignore: string };
  reset: { subject: string; hello: string; asked: string; open: string; link: string; copy: string; ignore: string };
}

const TEXTS: Record<Language, MailTexts> = {
  en: {
    verify: {
      subject: 'Confirm your Ensemble e-mail address',
      welcome: 'Welcome to Ensemble.',
      open: 'Confirm your e-mail address by opening this link (valid for 7 days):',
      link: 'Confirm your e-mail address',
      valid: '(valid for 7 days).',
      ignore: 'If you did not create an account, you can ignore this mail.',
    },
    reset: {
      subject: 'Reset your Ensemble password',
      hello: 'Hello,',
      asked: 'Someone (hopefully you) asked to reset the password of your Ensemble account.',
      open: 'Open this link within one hour to choose a new password:',
      link: 'Reset your password',
      copy: 'If the button does not work, copy this address into your browser:',
      ignore: 'If you did not ask for this, you can ignore this mail; your password stays as it is.',
    },
  },
  es: {
    verify: {
      subject: 'Confirma tu correo electrónico de Ensemble',
      welcome: 'Te damos la bienvenida a Ensemble.',
      open: 'Confirma tu correo electrónico abriendo este enlace (válido durante 7 días):',
      link: 'Confirmar mi correo electrónico',
      valid: '(válido durante 7 días).',
      ignore: 'Si no creaste una cuenta, puedes ignorar este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Ensemble',
      hello: 'Hola:',
      asked: 'Alguien (esperamos que tú) pidió restablecer la contraseña de tu cuenta de Ensemble.',
      open: 'Abre este enlace en la próxima hora para elegir una contraseña nueva:',
      link: 'Restablecer mi contraseña',
      copy: 'Si el botón no funciona, copia esta dirección en tu navegador:',
      ignore: 'Si no lo pediste tú, puedes ignorar este correo; tu contraseña no cambiará.',
    },
  },
  fr: {
    verify: {
      subject: 'Confirmez votre adresse e-mail Ensemble',
      welcome: 'Bienvenue sur Ensemble.',
      open: 'Confirmez votre adresse e-mail en ouvrant ce lien (valable 7 jours) :',
      link: 'Confirmer mon adresse e-mail',
      valid: '(valable 7 jours).',
      ignore: "Si vous n'avez pas créé de compte, vous pouvez ignorer cet e-mail.",
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Ensemble',
      hello: 'Bonjour,',
      asked: "Quelqu'un (vous, nous l'espérons) a demandé à réinitialiser le mot de passe de votre compte Ensemble.",
      open: "Ouvrez ce lien dans l'heure pour choisir un nouveau mot de passe :",
      link: 'Réinitialiser mon mot de passe',
      copy: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
      ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; votre mot de passe reste inchangé.",
    },
  },
  de: {
    verify: {
      subject: 'Bestätige deine E-Mail-Adresse für Ensemble',
      welcome: 'Willkommen bei Ensemble.',
      open: 'Bestätige deine E-Mail-Adresse über diesen Link (7 Tage gültig):',
      link: 'E-Mail-Adresse bestätigen',
      valid: '(7 Tage gültig).',
      ignore: 'Wenn du kein Konto angelegt hast, kannst du diese E-Mail ignorieren.',
    },
    reset: {
      subject: 'Setze dein Ensemble-Passwort zurück',
      hello: 'Hallo,',
      asked: 'Jemand (hoffentlich du) möchte das Passwort deines Ensemble-Kontos zurücksetzen.',
      open: 'Öffne diesen Link innerhalb einer Stunde, um ein neues Passwort festzulegen:',
      link: 'Passwort zurücksetzen',
      copy: 'Falls der Button nicht funktioniert, kopiere diese Adresse in deinen Browser:',
      ignore: 'Wenn du das nicht warst, kannst du diese E-Mail ignorieren; dein Passwort bleibt unverändert.',
    },
  },
  'pt-BR': {
    verify: {
      subject: 'Confirme seu e-mail no Ensemble',
      welcome: 'Boas-vindas ao Ensemble.',
      open: 'Confirme seu endereço de e-mail abrindo este link (válido por 7 dias):',
      link: 'Confirmar meu e-mail',
      valid: '(válido por 7 dias).',
      ignore: 'Se você não criou uma conta, pode ignorar este e-mail.',
    },
    reset: {
      subject: 'Redefina sua senha do Ensemble',
      hello: 'Olá,',
      asked: 'Alguém (esperamos que você) pediu para redefinir a senha da sua conta do Ensemble.',
      open: 'Abra este link em até uma hora para escolher uma nova senha:',
      link: 'Redefinir minha senha',
      copy: 'Se o botão não funcionar, copie este endereço no seu navegador:',
      ignore: 'Se não foi você, pode ignorar este e-mail; sua senha continua a mesma.',
    },
  },
  ja: {
    verify: {
      subject: 'Ensemble のメールアドレスを確認してください',
      welcome: 'Ensemble へようこそ。',
      open: '次のリンクを開いてメールアドレスを確認してください（有効期限は 7 日間です）:',
      link: 'メールアドレスを確認する',
      valid: '（有効期限は 7 日間です）',
      ignore: 'アカウントを作成した覚えがない場合は、このメールを無視してください。',
    },
    reset: {
      subject: 'Ensemble のパスワードを再設定してください',
      hello: 'こんにちは。',
      asked: 'お使いの Ensemble アカウントのパスワード再設定がリクエストされました。',
      open: '1 時間以内に次のリンクを開き、新しいパスワードを設定してください:',
      link: 'パスワードを再設定する',
      copy: 'ボタンが機能しない場合は、次のアドレスをブラウザに貼り付けてください:',
      ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    },
  },
  'zh-CN': {
    verify: {
      subject: '请确认你的 Ensemble 邮箱地址',
      welcome: '欢迎使用 Ensemble。',
      open: '请打开以下链接确认你的邮箱地址（7 天内有效）：',
      link: '确认邮箱地址',
      valid: '（7 天内有效）。',
      ignore: '如果你没有创建过账户，请忽略此邮件。',
    },
    reset: {
      subject: '重置你的 Ensemble 密码',
      hello: '你好，',
      asked: '有人（希望是你本人）请求重置你的 Ensemble 账户密码。',
      open: '请在一小时内打开以下链接，设置新密码：',
      link: '重置密码',
      copy: '如果按钮无法使用，请将以下地址复制到浏览器中：',
      ignore: '如果这不是你本人的操作，请忽略此邮件，你的密码不会改变。',
    },
  },
  ar: {
    verify: {
      subject: 'أكِّد عنوان بريدك الإلكتروني في Ensemble',
      welcome: 'مرحبًا بك في Ensemble.',
      open: 'أكِّد عنوان بريدك الإلكتروني بفتح هذا الرابط (صالح لمدة 7 أيام):',
      link: 'تأكيد عنوان البريد الإلكتروني',
      valid: '(صالح لمدة 7 أيام).',
      ignore: 'إذا لم تُنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة مرور Ensemble',
      hello: 'مرحبًا،',
      asked: 'طلب أحدهم (نأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في Ensemble.',
      open: 'افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:',
      link: 'إعادة تعيين كلمة المرور',
      copy: 'إذا لم يعمل الزر، فانسخ هذا العنوان في متصفحك:',
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.',
    },
  },
};

/** The mail texts of a language (English for anything else). */
export function mailTexts(language: string | null | undefined): MailTexts {
  return TEXTS[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

/** The language a mail goes out in: the account's own, else the one the request asked for. */
export function mailLanguage(accountLanguage: string | null | undefined, acceptLanguage?: string | string[]): Language {
  if (isLanguage(accountLanguage)) return accountLanguage;
  return languageForHeader(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage);
}

/** The opening tag of a mail's HTML, in its language and direction. */
export function mailHtmlTag(language: Language): string {
  return `<html lang="${language}"${RTL_LANGUAGES.includes(language) ? ' dir="rtl"' : ''}>`;
}
