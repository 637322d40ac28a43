import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { cn } from '../../utils/cn.ts';
import { Button } from '../ui/button.tsx';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '../ui/lazy-sheet.tsx';
import { mainNavigation } from './navigation.ts';

/**
 * The menu button and the right-side navigation drawer (SPEC §2). Radix Dialog traps focus,
 * closes on Escape or a click outside, and gives focus back to the menu button. Every
 * navigation closes it.
 */
export function NavDrawer() {
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Close on any navigation (links, back/forward), adjusting state during render rather
  // than in an effect.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (open) setOpen(false);
  }

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Open menu"
          data-testid="menu-button"
        >
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined} data-testid="nav-drawer">
        <SheetHeader className="flex-row items-center justify-between border-b border-border px-6 py-4">
          <SheetTitle className="text-xl">Menu</SheetTitle>
          <SheetClose asChild>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Close menu"
              data-testid="menu-close"
              className="-mr-2"
            >
              <X aria-hidden="true" className="size-5" />
            </Button>
          </SheetClose>
        </SheetHeader>

        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col">
            {mainNavigation.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end={item.end}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    cn(
                      'group flex items-center gap-3 rounded-md px-3 py-2.5 font-serif text-lg transition-colors',
                      'hover:bg-accent',
                      isActive ? 'bg-accent text-gold' : 'text-foreground',
                    )
                  }
                >
                  {({ isActive }) => (
                    <>
                      <span
                        aria-hidden="true"
                        className={cn(
                          'h-5 w-0.5 rounded-full transition-colors',
                          isActive ? 'bg-gold-soft' : 'bg-transparent',
                        )}
                      />
                      {item.label}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <SheetFooter className="border-t border-border">
          <Button asChild size="lg" className="w-full">
            <Link
              to={paths.apply.root.getHref()}
              onClick={() => setOpen(false)}
              data-testid="menu-apply"
            >
              Apply for Membership
            </Link>
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
