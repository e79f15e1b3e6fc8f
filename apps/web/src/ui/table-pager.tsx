import { Button, Group, Pagination } from '@mantine/core';
import { useState } from 'react';

/** One page of a client-side paged list. */
export interface PagedRows<Row> {
  /** The rows of the current page. */
  shown: readonly Row[];
  /** The current page (1-based, kept within the pages when the list shrinks). */
  page: number;
  /** Number of pages (at least 1). */
  pages: number;
  setPage: (page: number) => void;
}

/** Pages `rows` in the browser, `pageSize` per page; the page is clamped when the list shrinks. */
export function usePagedRows<Row>(rows: readonly Row[], pageSize: number): PagedRows<Row> {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  return { shown: rows.slice((current - 1) * pageSize, current * pageSize), page: current, pages, setPage };
}

/** The pagination under a table; nothing when there is one page. */
export function TablePager({
  pages,
  page,
  onChange,
}: {
  pages: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination total={pages} value={page} onChange={onChange} />
    </Group>
  );
}

/**
 * The "Open" button of a site row (opens the site's pages). The click does not reach the row, so a
 * row can have its own click (a detail).
 */
export function OpenSiteButton({ siteName, onOpen }: { siteName: string; onOpen: () => void }) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      aria-label={`Open site ${siteName}`}
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
    >
      Open
    </Button>
  );
}
