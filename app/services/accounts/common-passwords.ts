/**
 * The most common passwords of public breach corpora (the top of the widely published
 * "most used passwords" lists), six characters or longer: shorter ones already fail the
 * spec's minimum. Checked locally, lower-cased; no network (issue 15 item 12, ASVS V6.2).
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '987654321', '654321', '123123', '123321',
  '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '000000',
  '11111111', '00000000', '7777777', '121212', '131313', '112233', '159753', '123654', '147258', '147258369',
  '159357', '123qwe', 'qwe123', '123abc', 'abc123', 'abcdef', 'abcd1234', '1234abcd', 'a123456', '123456a',
  'aaaaaa', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'qwertz', 'azerty', 'asdfgh', 'asdfghjkl',
  'zxcvbn', 'zxcvbnm', 'qazwsx', '1qaz2wsx', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', '1234qwer', 'qwer1234',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'passpass',
  'letmein', 'letmein1', 'welcome', 'welcome1', 'welcome123', 'iloveyou', 'iloveyou1', 'loveyou', 'lovely', 'princess',
  'sunshine', 'shadow', 'master', 'monkey', 'dragon', 'football', 'baseball', 'soccer', 'hockey', 'basketball',
  'superman', 'batman', 'starwars', 'pokemon', 'mustang', 'ferrari', 'corvette', 'harley', 'michael', 'jennifer',
  'jessica', 'michelle', 'charlie', 'robert', 'thomas', 'daniel', 'andrew', 'joshua', 'matthew', 'jordan',
  'jordan23', 'hunter', 'hunter2', 'buster', 'tigger', 'ranger', 'george', 'pepper', 'ginger', 'maggie',
  'cheese', 'summer', 'amanda', 'ashley', 'nicole', 'chelsea', 'killer', 'trustno1', 'freedom', 'whatever',
  'computer', 'internet', 'secret', 'access', 'admin1', 'admin123', 'administrator', 'root123', 'login', 'changeme',
  'default', 'guest123', 'test123', 'testing', 'test1234', 'google', 'facebook', 'linkedin', 'samsung', 'apple123',
  'flower', 'banana', 'orange', 'purple', 'silver', 'yellow', 'freedom1', 'matrix', 'thunder', 'austin',
  'dallas', 'yankees', 'biteme', 'qwerty7', 'zaq12wsx', 'zaq1zaq1', '!qaz2wsx', 'asdf1234', 'asd123', 'qwe123qwe',
  'cycling', 'cyclist', 'bicycle', 'paceline', 'paceline1', 'paceline123',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
