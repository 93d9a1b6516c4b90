/** GET /api/data-export.zip: everything Spotter has of the signed-in person, as a ZIP (README.md and one JSON file per kind). */
import { apiBlob } from '../../../lib/api-client';

export function fetchDataArchive(): Promise<Blob> {
  return apiBlob('/api/data-export.zip');
}
