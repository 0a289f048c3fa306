/** The avatar's initials: the first two letters of the e-mail, upper-cased, or 'U' when there are none. */
export function initialsOf(email: string | undefined): string {
  const letters = (email ?? '')
    .replace(/[^a-z]/gi, '')
    .slice(0, 2)
    .toUpperCase();
  return letters || 'U';
}
