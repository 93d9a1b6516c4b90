import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { pagePainted } from '../lib/first-paint';

/** The frame of every route: once the first page (its code loaded) has committed, the work waiting for its paint may start. */
export function FirstPaintSignal() {
  useEffect(pagePainted, []);
  return <Outlet />;
}
