import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cx } from '../../lib/cx';
import './dropdown-menu.css';

export type MenuItem = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** A small note after the label, e.g. "coming soon". */
  badge?: ReactNode;
  disabled?: boolean;
  danger?: boolean;
  onSelect?: () => void;
};

export type MenuTriggerProps = {
  id: string;
  'aria-haspopup': 'menu';
  'aria-expanded': boolean;
  'aria-controls': string;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  ref: Ref<HTMLButtonElement>;
};

type DropdownMenuProps = {
  /** Render the button that opens the menu, spreading the given props on it. */
  trigger: (props: MenuTriggerProps) => ReactNode;
  items: MenuItem[];
  /** Shown above the items, not focusable (e.g. the signed-in e-mail). */
  header?: ReactNode;
  align?: 'start' | 'end';
};

/**
 * A menu button (WAI-ARIA pattern): Enter, Space or ArrowDown open it and focus
 * the first item; arrows, Home and End move; Escape closes and returns focus;
 * Tab or a click outside closes.
 */
export function DropdownMenu({ trigger, items, header, align = 'end' }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const triggerId = useId();
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  /** Opens on the first (or last) item that can be chosen. */
  const openAt = (edge: 'first' | 'last') => {
    const order = edge === 'first' ? items : [...items].reverse();
    const target = order.find((item) => !item.disabled) ?? order[0];
    setFocusIndex(target ? items.indexOf(target) : 0);
    setOpen(true);
  };

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(((moves[event.key] ?? 0) + items.length) % items.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      {trigger({
        id: triggerId,
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': menuId,
        ref: triggerRef,
        onClick: () => (open ? close(false) : openAt('first')),
        onKeyDown: (event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(event.key === 'ArrowDown' ? 'first' : 'last');
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            close(true);
          }
        },
      })}
      <div id={menuId} role="menu" aria-labelledby={triggerId} className={cx('menu__popover', `menu__popover--${align}`)} hidden={!open} onKeyDown={onMenuKeyDown}>
        {header && <div className="menu__header">{header}</div>}
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              itemRefs.current[index] = element;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.disabled || undefined}
            className={cx('menu__item', item.danger && 'menu__item--danger')}
            onClick={() => {
              if (item.disabled) return;
              close(true);
              item.onSelect?.();
            }}
            onPointerEnter={() => setFocusIndex(index)}
          >
            {item.icon}
            <span className="menu__label">{item.label}</span>
            {item.badge && <span className="menu__badge">{item.badge}</span>}
          </button>
        ))}
      </div>
    </div>
  );
}
