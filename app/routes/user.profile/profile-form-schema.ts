import { profileSchema } from '~/lib/account-fields';
import { FtpFieldSchema } from './ftp-field';

/** The Edit Profile form: the account fields of spec 1 §3 and the optional FTP, for the browser and the action alike. */
export function profileFormSchema(gender: number, isKid: boolean) {
  return profileSchema(gender, isKid).and(FtpFieldSchema);
}
