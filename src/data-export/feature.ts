/**
 * Data export (issue 26, item 3): "Download my data", a ZIP of everything a person has
 * in Spotter. No projection of its own: it reads the other contexts' read models.
 */
import type { Feature } from '../feature.ts';
import { dataExportRoutes } from './routes.ts';

export const dataExportFeature: Feature = {
  name: 'data-export',
  routes: dataExportRoutes,
};
