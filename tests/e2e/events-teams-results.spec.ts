import { expect, test } from './fixtures';
import { loginAs } from '../helpers/e2e';

test('teams are paged 15 at a time and a failing logo falls back to the default image', async ({ page }) => {
  await page.goto('/teams');
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(page.locator('.team-card')).toHaveCount(15);
  const broken = page.getByRole('article', { name: 'Al Ain Oasis Riders' }).getByRole('img');
  await expect(broken).toHaveAttribute('src', '/images/teams/team-default.svg');
  await expect(page.getByRole('article', { name: 'Abu Dhabi Aces' }).getByText('3 members')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Team pages' });
  await pager.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('article', { name: 'Sprint Syndicate' })).toBeVisible();
  await page.getByRole('link', { name: 'Sprint Syndicate' }).click();
  await expect(page).toHaveURL(/\/teams\/\d+\/events$/);
  await expect(page.getByRole('heading', { name: 'Sprint Syndicate' })).toBeVisible();
});

test('a rider creates, joins and leaves teams on My Teams', async ({ page }) => {
  await loginAs(page, 'pro@paceline.local', '/my-teams');
  await expect(page.getByRole('link', { name: 'Joined Teams' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Team name').fill('Night Owls Racing');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(/tab=mine/);
  await expect(page.getByRole('article', { name: 'Night Owls Racing' })).toBeVisible();
  await page.goto('/teams?page=2');
  const card = page.getByRole('article', { name: 'Sprint Syndicate' });
  await card.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByRole('article', { name: 'Sprint Syndicate' })).toBeVisible();
  await page.getByRole('article', { name: 'Sprint Syndicate' }).getByRole('button', { name: 'Leave team' }).click();
  await expect(page.getByRole('article', { name: 'Sprint Syndicate' })).toHaveCount(0);
});

test('the results frame navigates the page on pacelineEvent messages', async ({ page }) => {
  await loginAs(page, 'rider@paceline.local', '/race-results');
  const frame = page.frameLocator('iframe[title="Race results"]');
  await frame.getByRole('button', { name: 'Paceline Winter Grand Prix' }).click();
  await expect(page).toHaveURL(/\/race-results\?eventId=\d+&dayId=1$/);
  await expect(page.locator('iframe[title="Race results"]')).toHaveAttribute('src', /\/results-board\/v2\/complete-result\?eventId=\d+&dayId=1$/);
  await frame.getByRole('button', { name: 'Day 2' }).click();
  await expect(page).toHaveURL(/dayId=2$/);
  await expect(frame.getByText('Paceline Winter Grand Prix — Day 2')).toBeVisible();
  await frame.getByRole('button', { name: 'Dubai Desert Classic' }).click();
  await expect(page).toHaveURL(/\/race-results\?eventId=\d+$/);
  await frame.getByRole('button', { name: 'All events' }).click();
  await expect(page).toHaveURL(/\/race-results$/);
  await expect(frame.getByText('Pick an event to see its results.')).toBeVisible();
});
