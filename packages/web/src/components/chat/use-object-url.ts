import { useEffect, useState } from 'react';

/** An object URL for the file while it is shown; released when it leaves. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const next = URL.createObjectURL(file);
    // The URL exists only once the effect ran (StrictMode revokes and makes it again).
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file]);
  return url;
}
