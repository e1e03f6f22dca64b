import { useId, type ReactNode } from 'react';
import { CloseIcon } from './icons/ui-icons.tsx';
import { useModalDialog } from './useModalDialog.ts';

interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  width?: 600 | 800;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: focus is trapped and restored by the browser,
 * Escape and a click on the backdrop close it.
 */
export function Dialog({ open, title, onClose, width = 600, children }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      className="dialog"
      style={{ maxWidth: `min(${width}px, calc(100vw - 2rem))` }}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
