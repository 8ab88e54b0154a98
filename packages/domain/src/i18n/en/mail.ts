/**
 * The mail area's words (keys start with 'mail.'): every mail the server sends, in the recipient's
 * language. Texts end with a line break; `{link}` is the whole link, `{expires}` a date and time
 * already written by Intl in the language and the school's time zone.
 */
export const mail = {
  'mail.invitation.subject': 'Set up your {school} account',
  'mail.invitation.body':
    'Hello {firstName},\n\nYou have been invited to Merit Market at {school}. Choose your password here (the link works once, for {days, plural, one {# day} other {# days}}):\n\n{link}\n\nThe link works until {expires}.\n',
  'mail.reset.subject': 'Choose a new Merit Market password',
  'mail.reset.body':
    'Hello {firstName},\n\nSomeone (we hope you) asked to reset the password of {username}. Choose a new one here (the link works once, for an hour):\n\n{link}\n\nIf you did not ask, ignore this mail: your password stays as it is.\n',
} as const;
