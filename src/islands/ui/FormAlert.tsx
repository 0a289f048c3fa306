// A form-level message (a server answer), announced politely, and translated here, where it is shown.
import { useT } from './i18n.tsx';

export function FormAlert({ message }: { message: string }) {
  const t = useT();
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {t(message)}
    </p>
  );
}
