import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { tablePagination } from './paging';

/**
 * A filter kept in the address: its name and which values it takes (others drop); a check that
 * narrows (`oneOf`) gives the filter its type.
 */
export type FilterSpec = Record<string, (value: string) => boolean>;
export type FiltersOf<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends ((value: string) => value is infer T extends string) ? T : string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Checks for the usual filters: one of a list, a day, a positive id, a short word or text. */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);
export const isDay = (value: string) => DAY.test(value);
export const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);
export const isWord = (max: number) => (value: string) =>
  /^[A-Za-z0-9]+$/.test(value) && value.length <= max;
export const isText = (max: number) => (value: string) => value.length <= max;

/**
 * A list's filters kept in the address (`/finance/payments?state=pending`), so the console home
 * can link to a filtered list and Back returns to it; the page is kept beside them and starts
 * again at 1 on a new filter.
 */
export function useUrlFilters<S extends FilterSpec>(spec: S, pageSize = 20) {
  const [search, setSearch] = useSearchParams();
  const keys = Object.keys(spec) as (keyof S & string)[];
  const filters = {} as FiltersOf<S>;
  for (const key of keys) {
    const value = search.get(key)?.trim();
    if (value && spec[key]!(value)) filters[key] = value as NonNullable<FiltersOf<S>[typeof key]>;
  }
  const signature = keys.map((k) => filters[k] ?? '').join('|');
  const [paging, setPaging] = useState({ signature, page: 1, pageSize });
  const current =
    paging.signature === signature ? paging : { signature, page: 1, pageSize: paging.pageSize };

  const setFilters = (next: FiltersOf<S>) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      for (const key of keys) {
        const value = next[key];
        if (value) params.set(key, value);
        else params.delete(key);
      }
      return params;
    });

  const pagination = (total: number | undefined, moreThanTotal?: boolean) =>
    tablePagination(
      current,
      total,
      (page, size) => setPaging({ signature, page, pageSize: size }),
      moreThanTotal,
    );

  return {
    filters,
    paging: { page: current.page, pageSize: current.pageSize },
    setFilters,
    pagination,
    isFiltered: keys.some((k) => filters[k] !== undefined),
  };
}
