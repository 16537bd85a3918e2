import { z } from 'zod';
import { serialIdField } from '~/lib/domain/ids';

/**
 * The forms of a detected-threshold notice (decision 141), on the overview and the ride page:
 * undo the detection, or dismiss the notice. Posted to the page's own action.
 */
const DETECTION_INTENTS = ['undo-detection', 'detection-seen'] as const;
export const detectionForm = z.object({ intent: z.enum(DETECTION_INTENTS), detectionId: serialIdField });

export const DETECTION_MESSAGES = {
  undone: 'The detected FTP was undone: the rides it covered are being recomputed at the FTP before it.',
  kept: 'The detected FTP stays in force.',
  notFound: 'That FTP detection is no longer in force.',
} as const;
