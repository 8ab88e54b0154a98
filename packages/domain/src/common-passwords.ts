/**
 * The most common passwords (from the published top lists), refused as a chosen password. A small
 * list on purpose: it stops the guesses every attacker tries first; length does the rest.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '123456', '123456789', '12345678', 'password', 'qwerty123', 'qwerty1', '111111', '12345', 'secret', '123123',
  '1234567890', '1234567', '000000', 'qwerty', 'abc123', 'password1', 'iloveyou', '11111111', 'dragon', 'monkey',
  '123123123', '123321', 'qwertyuiop', '00000000', 'password123', '654321', '666666', '987654321', '1q2w3e4r', '1q2w3e4r5t',
  '1q2w3e', 'qwe123', 'zxcvbnm', 'asdfghjk', 'asdfghjkl', 'letmein', 'welcome', 'welcome1', 'sunshine', 'princess',
  'football', 'baseball', 'basketball', 'soccer', 'hockey', 'superman', 'batman', 'starwars', 'pokemon', 'minecraft',
  'master', 'shadow', 'michael', 'jennifer', 'jordan23', 'charlie', 'liverpool', 'chelsea', 'arsenal', 'computer',
  'internet', 'trustno1', 'whatever', 'freedom', 'hello123', 'hellohello', 'loveyou', 'lovely', 'iloveyou1', 'babygirl',
  'butterfly', 'cookie', 'chocolate', 'flower', 'summer', 'winter', 'spring', 'autumn', 'purple', 'orange',
  'banana', 'apple123', 'cheese', 'pepper', 'ginger', 'killer', 'ninja', 'mustang', 'ferrari', 'harley',
  'tigger', 'buster', 'snoopy', 'pass1234', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'password!', 'password12', 'password2',
  'admin', 'admin123', 'administrator', 'root', 'toor', 'changeme', 'default', 'guest', 'login', 'access',
  'test', 'test123', 'test1234', 'testing', 'demo1234', 'school', 'school123', 'student', 'student1', 'teacher',
  'teacher1', 'classroom', 'homework', 'abcdefg', 'abcdefgh', 'abcd1234', 'abc12345', 'aaaaaa', 'aaaaaaaa', 'zzzzzzzz',
  'qazwsx', 'qazwsxedc', '1qaz2wsx', 'zaq12wsx', '!qaz2wsx', 'asdf1234', 'asdfasdf', 'qwer1234', 'q1w2e3r4', 'q1w2e3r4t5',
  '12341234', '11223344', '112233', '121212', '131313', '159753', '147258369', '789456123', '987654', '555555',
  '777777', '888888', '999999', '7777777', '88888888', '99999999', '696969', '101010', '202020', '212121',
  'myspace1', 'facebook', 'google', 'youtube', 'twitter', 'instagram', 'samsung', 'iphone', 'nintendo', 'playstation',
  'matrix', 'hunter', 'hunter2', 'ranger', 'thomas', 'robert', 'daniel', 'andrew', 'joshua', 'jessica',
  'ashley', 'amanda', 'nicole', 'michelle', 'hannah', 'sophie', 'jasmine', 'angel', 'angel1', 'jesus1',
  'blessed', 'heaven', 'family', 'friends', 'forever', 'mylove', 'money', 'money123', 'secret123', 'whatever1',
  'letmein1', 'welcome123', 'iloveu', 'fuckyou', 'fuckoff', 'asshole', 'biteme', 'maggie', 'ginger1', 'lucky7',
];

const COMMON = new Set(COMMON_PASSWORDS);

/** The shortest password anyone may choose. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

/** Why a chosen password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (COMMON.has(password.toLowerCase())) return 'This password is too common. Choose another.';
  if (/^(.)\1+$/.test(password)) return 'This password is too common. Choose another.';
  return null;
}
