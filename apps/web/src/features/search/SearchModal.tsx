import { useEffect } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { SearchBox } from './SearchBox.tsx';
import './search-modal.css';

export const SEARCH_MODAL_INPUT_ID = 'search-modal-input';

/**
 * The phone's search modal (spec section 2), opened from the header's Search button on every page:
 * the same combobox as Home. Picking a result navigates, and the layout closes the modal on any
 * route change; Escape, Close and the backdrop close it too. Loaded only when first opened.
 */
export function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  // The dialog opens with its first control (Close) focused; the search box is what people want.
  useEffect(() => {
    if (open) document.getElementById(SEARCH_MODAL_INPUT_ID)?.focus();
  }, [open]);
  return (
    <Dialog open={open} title="Search" onClose={onClose}>
      <div className="search-modal">
        <SearchBox id={SEARCH_MODAL_INPUT_ID} label="Search beaches and places" />
      </div>
    </Dialog>
  );
}
export default SearchModal;
