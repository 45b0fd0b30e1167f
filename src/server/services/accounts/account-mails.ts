import type { MailMessage } from '#server/context.ts';

// Texts of the accounts area's e-mails. Written as plain text; the mailer adds the same text as an
// HTML part (mail/mail-html.ts), with no images and every link showing its address. `kind` names a
// mail in the logs, where its content (a code, a link, a password) never goes.

const SIGNATURE =
  '\n\n—\nСервисный центр по ремонту стоматологических инструментов\nЭто письмо отправлено автоматически, отвечать на него не нужно.';

export function registrationCodeMail(to: string, code: string): MailMessage {
  return {
    kind: 'registration-code',
    to,
    subject: `Код подтверждения регистрации: ${code}`,
    text:
      `Здравствуйте!\n\nВаш код подтверждения регистрации: ${code}\n\n` +
      'Введите его в форме регистрации. Код действует 10 минут.\n' +
      'Если вы не регистрировались на нашем портале, просто проигнорируйте это письмо.' +
      SIGNATURE,
  };
}

export function emailConfirmationMail(to: string, code: string): MailMessage {
  return {
    kind: 'email-confirmation-code',
    to,
    subject: `Код подтверждения эл. почты: ${code}`,
    text:
      `Здравствуйте!\n\nВаш код подтверждения эл. почты: ${code}\n\n` +
      'Введите его в форме заявки на ремонт. Код действует 10 минут.\n' +
      'Если вы не оставляли заявку на нашем портале, просто проигнорируйте это письмо.' +
      SIGNATURE,
  };
}

export function emailChangeCodeMail(to: string, code: string): MailMessage {
  return {
    kind: 'email-change-code',
    to,
    subject: `Код подтверждения нового адреса: ${code}`,
    text:
      `Здравствуйте!\n\nКод подтверждения эл. почты: ${code}\n\n` +
      'Введите его в личном кабинете, в разделе «Личные данные», и этот адрес станет адресом для входа. Код действует 10 минут.\n' +
      'Если вы не меняли адрес в личном кабинете, просто проигнорируйте это письмо.' +
      SIGNATURE,
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    kind: 'email-changed',
    to,
    subject: 'Адрес для входа в личный кабинет изменён',
    text:
      `Здравствуйте!\n\nАдрес для входа в личный кабинет изменён на ${newEmail}. Письма теперь будут приходить туда.\n\n` +
      'Если это сделали не вы, срочно свяжитесь с сервисным центром.' +
      SIGNATURE,
  };
}

export function credentialsMail(to: string, password: string, publicUrl: string, name?: string): MailMessage {
  return {
    kind: 'credentials',
    to,
    subject: 'Регистрация в личном кабинете',
    text:
      `Здравствуйте${name ? `, ${name}` : ''}!\n\nВы зарегистрированы в личном кабинете сервисного центра.\n\n` +
      `Адрес: ${publicUrl}/\nЛогин (e-mail): ${to}\nПароль: ${password}\n\n` +
      'Сменить пароль можно в личном кабинете в разделе «Смена пароля».' +
      SIGNATURE,
  };
}

/** A courier's login, when the back office opened its account without a password (API.md §Added for the fourth wave). */
export function courierCredentialsMail(to: string, password: string, publicUrl: string, name: string): MailMessage {
  return {
    to,
    kind: 'courier-credentials',
    subject: 'Вход в приложение курьера',
    text:
      `Здравствуйте, ${name}!\n\nСервисный центр открыл вам вход в приложение курьера: в нём ваш маршрут на день.\n\n` +
      `Адрес: ${publicUrl}/\nЛогин (e-mail): ${to}\nПароль: ${password}\n\n` +
      'Войдите через обычную форму входа — откроется ваш маршрут.' +
      SIGNATURE,
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    kind: 'password-reset',
    to,
    subject: 'Восстановление пароля',
    text:
      'Здравствуйте!\n\nВы запросили восстановление пароля от личного кабинета.\n\n' +
      `Чтобы задать новый пароль, перейдите по ссылке:\n${link}\n\n` +
      'Ссылка действует 10 минут и только один раз.\n' +
      'Если вы не запрашивали восстановление, просто проигнорируйте это письмо: пароль останется прежним.' +
      SIGNATURE,
  };
}

export function loginAttemptsMail(to: string): MailMessage {
  return {
    kind: 'login-attempts',
    to,
    subject: 'Много неудачных попыток входа',
    text:
      'Здравствуйте!\n\nЗа последний час было много неудачных попыток войти в ваш личный кабинет с неверным паролем. ' +
      'Вход в кабинет временно ограничен.\n\n' +
      'Если это были не вы, смените пароль в разделе «Смена пароля» или через восстановление пароля на странице входа.' +
      SIGNATURE,
  };
}

export function passwordChangedMail(to: string, publicUrl: string): MailMessage {
  return {
    kind: 'password-changed',
    to,
    subject: 'Пароль изменён',
    text:
      'Здравствуйте!\n\nПароль от вашего личного кабинета только что изменён. Остальные сеансы входа завершены.\n\n' +
      `Если это были не вы, сразу восстановите доступ: ${publicUrl}/ → «Войти» → «Забыли пароль?».` +
      SIGNATURE,
  };
}

/** The owner's invitation of a colleague with no account yet (issue 41): the link makes the account. */
export function invitationMail(to: string, link: string, clinic: string, owner: string, level: string): MailMessage {
  return {
    kind: 'access-invitation',
    to,
    subject: `Приглашение в личный кабинет клиники «${clinic}»`,
    text:
      `Здравствуйте!\n\n${owner} приглашает вас в личный кабинет клиники «${clinic}» в сервисном центре ` +
      `по ремонту стоматологических инструментов. Доступ: «${level}».\n\n` +
      `Чтобы принять приглашение, перейдите по ссылке и задайте пароль:\n${link}\n\n` +
      'Ссылка действует 7 дней. Если вы не ждали этого письма, просто проигнорируйте его.' +
      SIGNATURE,
  };
}
