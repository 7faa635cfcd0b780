import { randomUUID } from 'node:crypto';
import type { VisualizerRequestRow } from '../src/visualizer-request-repository.ts';

/**
 * A floor_visualizer_requests row as the page's insert leaves it (pending, nothing stored yet), made just now, for
 * the processor's tests on in-memory rows; `overrides` set what a test is about.
 */
export function newRequestRow(overrides: Partial<VisualizerRequestRow> = {}): VisualizerRequestRow {
  return {
    id: randomUUID(),
    created_at: new Date(),
    customer_name: 'Dana Whitfield',
    email: 'dana@example.com',
    status: 'pending',
    original_image_url: null,
    processed_image_url: null,
    failure_reason: null,
    failure_kind: null,
    style_image_urls: {},
    image_renditions: {},
    render_number: 0,
    correction_state: null,
    floor_mask_url: null,
    floor_share: null,
    rug_choice: null,
    rug_share: null,
    images_deleted_at: null,
    styles_coming: [],
    styles_not_made: [],
    ...overrides,
  };
}
