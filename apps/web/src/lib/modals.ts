import { modals as mantineModals } from '@mantine/modals';
import { modalsHostMounted } from './modals-host';

type ConfirmModal = Parameters<typeof mantineModals.openConfirmModal>[0];

/**
 * Confirm dialogs through @mantine/modals' event API, held until the lazy modals host listens (decision 0103),
 * so a click in the first moments of a page still opens its dialog.
 */
export const modals = {
  openConfirmModal(props: ConfirmModal): void {
    void modalsHostMounted.then(() => mantineModals.openConfirmModal(props));
  },
};
