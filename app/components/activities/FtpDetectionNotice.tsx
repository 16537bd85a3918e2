import { Form } from '@remix-run/react';
import { Button } from '~/components/ui/Button';
import { formatDate } from '~/lib/activities/format';
import type { DetectionNotice } from '~/services/activities/ftp-history.server';

/**
 * Tells the rider that a ride showed a higher threshold than the one in force, and lets them
 * undo it (decision 141). On the overview it names the ride and can be dismissed; on the ride
 * page it speaks of "this ride". Plain forms: they work without JavaScript.
 */
export function FtpDetectionNotice({ notice, onRidePage = false }: { notice: DetectionNotice; onRidePage?: boolean }) {
  const ride = onRidePage ? 'this ride' : `your ride “${notice.rideTitle}” of ${formatDate(notice.rideDate)}`;
  const was = notice.previousFtpW ? ` (was ${notice.previousFtpW} W)` : '';
  if (notice.undone) {
    return (
      <section className="ftp-notice card" aria-label="FTP detection" data-state="undone">
        <p>
          You undid the FTP of {notice.ftpW} W detected from {ride}: its IF and training load use the FTP before it.
        </p>
      </section>
    );
  }
  return (
    <section className="ftp-notice card" aria-label="FTP detection" data-state="detected">
      <p>
        <strong>New FTP detected: {notice.ftpW} W</strong>
        {was}, from {ride}. It is in force from that ride on: IF, training load and your fitness use it.
      </p>
      <div className="ftp-notice-actions">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="undo-detection" />
          <input type="hidden" name="detectionId" value={notice.id} />
          <Button type="submit" variant="secondary">
            Undo
          </Button>
        </Form>
        {onRidePage ? null : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="detection-seen" />
            <input type="hidden" name="detectionId" value={notice.id} />
            <Button type="submit">Keep it</Button>
          </Form>
        )}
      </div>
    </section>
  );
}
