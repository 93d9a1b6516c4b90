/**
 * Moving a card to another cell by dragging it, as the coach's calendar (workouts onto
 * days) and the template builder (template workouts onto program days) both do. The
 * card carries its id under a MIME type of its own, so a cell takes only its own kind
 * of card, and not text or files dragged in from elsewhere.
 */
import { useState, type DragEvent } from 'react';

/** Spread on a card: it drags `id` under `type`, and `text` for anything that reads plain text. */
export function dragSource(type: string, id: string, text: string) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData(type, id);
      event.dataTransfer.setData('text/plain', text);
    },
  };
}

/**
 * A cell that takes cards of `type`: `over` while one is held above it (to highlight
 * the cell), and `onDrop` with the card's id when it is let go there. Spread
 * `dropProps` on the cell.
 */
export function useDropTarget(type: string, onDrop: (id: string) => void) {
  const [over, setOver] = useState(false);
  const dropProps = {
    onDragOver: (event: DragEvent) => {
      // Only a card of our type may drop here: preventDefault is what allows a drop.
      if (!event.dataTransfer.types.includes(type)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      setOver(false);
      const id = event.dataTransfer.getData(type);
      if (!id) return;
      event.preventDefault();
      onDrop(id);
    },
  };
  return { over, dropProps };
}
