// The most common leaked passwords of 6+ characters (from public top-password lists), lower-cased.
// Shorter ones are refused anyway by the 6-character minimum.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `123456 1234567 12345678 123456789 1234567890 12345678910 123123 123321 654321 111111 000000 666666 777777
  888888 999999 121212 112233 123654 147258 159753 987654321 0987654321 1q2w3e 1q2w3e4r 1q2w3e4r5t qwerty
  qwerty1 qwerty12 qwerty123 qwertyuiop qwe123 asdfgh asdfghjkl zxcvbn zxcvbnm 1qaz2wsx qazwsx password
  password1 password12 password123 passw0rd p@ssw0rd p@ssword pass123 abc123 abcdef abcd1234 aa123456
  iloveyou iloveu monkey dragon master letmein welcome welcome1 sunshine princess football baseball soccer
  hockey superman batman trustno1 shadow michael jennifer jordan23 harley hunter ranger buster thomas
  charlie freedom whatever computer internet starwars pokemon secret secret123 admin123 administrator
  changeme default guest123 login123 qwerty12345 111222 222222 333333 444444 555555 123qwe 123abc
  killer cheese flower liverpool chelsea arsenal matrix mustang access ginger summer maggie`
    .split(/\s+/)
    .filter(Boolean),
);
