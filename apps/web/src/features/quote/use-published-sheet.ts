import { useCallback, useEffect, useState } from 'react';
import type { PublishedSheet } from '@pcb/contract/price-sheet';
import { fetchPublishedSheet, readCachedSheet } from './price-sheet-source';

export interface PublishedSheetState {
  published: PublishedSheet | null;
  /** True while the page prices with the cached sheet because the fresh one could not load. */
  isStale: boolean;
  isLoading: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * The cached sheet at once (the page prices before the network answers), then the published
 * one; when the network fails the cached one stays, marked stale.
 */
export function usePublishedSheet(): PublishedSheetState {
  const [published, setPublished] = useState<PublishedSheet | null>(readCachedSheet);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchPublishedSheet(controller.signal).then(
      (fresh) => {
        setPublished(fresh);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setLoading(true);
    setAttempt((n) => n + 1);
  }, []);

  return { published, isStale: error !== null && published !== null, isLoading, error, retry };
}
