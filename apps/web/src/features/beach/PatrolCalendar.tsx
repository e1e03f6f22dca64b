import type { RefObject } from 'react';
import { parseDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  Dialog,
  Heading,
  Popover,
} from 'react-aria-components';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons/index.ts';

/**
 * The "Change day" calendar in a popover, loaded only when opened (react-aria-components' calendar
 * is too heavy for the beach page's first load). Picking a day reports it as YYYY-MM-DD.
 */
export default function PatrolCalendar({
  triggerRef,
  value,
  onPick,
  onClose,
}: {
  triggerRef: RefObject<HTMLElement | null>;
  /** The day shown now, YYYY-MM-DD. */
  value: string;
  onPick: (date: string) => void;
  onClose: () => void;
}) {
  return (
    <Popover
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      placement="bottom start"
      className="calendar-popover"
    >
      <Dialog aria-label="Choose a day" className="calendar-popover__dialog">
        <Calendar
          aria-label="Patrol day"
          className="calendar"
          value={parseDate(value)}
          onChange={(date) => onPick(date.toString())}
          autoFocus
        >
          <header className="calendar__header">
            <Button slot="previous" className="icon-button" aria-label="Previous month">
              <ChevronLeftIcon size={18} />
            </Button>
            <Heading className="calendar__heading" />
            <Button slot="next" className="icon-button" aria-label="Next month">
              <ChevronRightIcon size={18} />
            </Button>
          </header>
          <CalendarGrid className="calendar__grid">
            {(date) => <CalendarCell date={date} className="calendar__cell" />}
          </CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  );
}
