import { Box, Button, Collapse, Pagination, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

const PAGE_SIZE = 100;

/**
 * The canonical entrant list, folded by default and shown a page at a time: it can hold a million keys,
 * and only one page is ever in the DOM.
 */
export function EntrantList({ entrants }: { entrants: readonly string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(entrants.length / PAGE_SIZE));
  const start = (page - 1) * PAGE_SIZE;
  return (
    <Stack gap="xs">
      <Button variant="light" onClick={() => setOpen((value) => !value)} aria-expanded={open} w="fit-content">
        {t('drawProof.showEntrants')}
      </Button>
      <Collapse expanded={open}>
        {open && (
          <Stack gap="xs">
            <Box
              component="ol"
              start={start + 1}
              ff="monospace"
              fz="sm"
              style={{ paddingLeft: 64, margin: 0, overflowWrap: 'anywhere' }}
              data-testid="entrant-page"
            >
              {entrants.slice(start, start + PAGE_SIZE).map((key, index) => (
                <li key={start + index}>{key}</li>
              ))}
            </Box>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                siblings={1}
                aria-label={t('drawProof.entrantsPage')}
              />
            )}
          </Stack>
        )}
      </Collapse>
    </Stack>
  );
}
