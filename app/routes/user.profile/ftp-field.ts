import { z } from 'zod';
import { FTP_SET_MAX_W, FTP_SET_MIN_W } from '~/lib/constants';

export const FTP_FIELD_MESSAGE = `FTP must be a whole number of watts from ${FTP_SET_MIN_W} to ${FTP_SET_MAX_W}.`;

/**
 * The profile's optional FTP (decision 106): empty means "derive it from my rides"; a value is
 * in force for rides from now on.
 */
export const FtpFieldSchema = z.object({
  ftp: z
    .number({ invalid_type_error: FTP_FIELD_MESSAGE })
    .int(FTP_FIELD_MESSAGE)
    .min(FTP_SET_MIN_W, FTP_FIELD_MESSAGE)
    .max(FTP_SET_MAX_W, FTP_FIELD_MESSAGE)
    .optional(),
});
