// Russian texts of validation errors, exactly as the specs give them (portal.md §5, cabinet.md §5).
export const messages = {
  required: 'Это поле обязательно',
  requiredField: 'Поле обязательно для заполнения',
  email: 'Введите корректный адрес эл. почты',
  passwordMin: 'Нужно 8 символов и более',
  passwordsDiffer: 'Пароли не совпали',
  cyrillicOnly: 'Это поле только для кириллицы',
  phone: 'Номер телефона должен начинаться с +7',
  codeFormat: 'Введите 4 числа из письма',
  codeRequired: 'Введите код',
  consentPolicy: 'Согласие на обработку данных обязательно',
  clinicRequired: 'Укажите название клиники',
  cityRequired: 'Укажите город',
  tooLong: 'Слишком длинное значение',
} as const;
