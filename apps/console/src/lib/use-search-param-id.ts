import { useSearchParams } from 'react-router';

/**
 * The id of what a drawer shows, kept in the address (`?member=7`) so the view can be linked
 * and Back closes it; null when none is open.
 */
export function useSearchParamId(name: string): [number | null, (id: number | null) => void] {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get(name)) || null;
  const setId = (next: number | null) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next === null) params.delete(name);
      else params.set(name, String(next));
      return params;
    });
  return [id, setId];
}
