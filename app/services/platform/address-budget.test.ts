import { describe, expect, it } from 'vitest';
import { AddressBudget, budgetKey } from './rate-limit.server';

describe('AddressBudget: in-memory token buckets per client address (decision 191)', () => {
  it('lets an address spend its capacity at once, then as fast as it refills', () => {
    const budget = new AddressBudget(100, 10);
    expect(budget.take('203.0.113.5', 60, 0)).toBe(true);
    expect(budget.take('203.0.113.5', 50, 0)).toBe(false);
    // Refused whole: nothing was spent, so what is left still goes.
    expect(budget.take('203.0.113.5', 40, 0)).toBe(true);
    expect(budget.take('203.0.113.5', 1, 0)).toBe(false);
    expect(budget.take('203.0.113.5', 10, 1_000)).toBe(true);
    expect(budget.take('203.0.113.5', 1, 1_000)).toBe(false);
    // Another address has a budget of its own; a long pause refills to the capacity, never beyond.
    expect(budget.take('198.51.100.7', 100, 1_000)).toBe(true);
    expect(budget.take('203.0.113.5', 101, 3_600_000)).toBe(false);
    expect(budget.take('203.0.113.5', 100, 3_600_000)).toBe(true);
  });

  it('bounds what one address can count in a minute, however it spreads its reports', () => {
    const budget = new AddressBudget(1_000, 1_000 / 60);
    let spent = 0;
    for (let ms = 0; ms < 60_000; ms += 50) if (budget.take('203.0.113.9', 10, ms)) spent += 10;
    expect(spent).toBeLessThanOrEqual(2_000);
    expect(spent).toBeGreaterThanOrEqual(1_900);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 one', () => {
    expect(budgetKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(budgetKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(budgetKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(budgetKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(budgetKey('192.0.2.1')).toBe('192.0.2.1');
    const budget = new AddressBudget(10, 1);
    expect(budget.take('2001:db8:1:2::a', 10, 0)).toBe(true);
    expect(budget.take('2001:db8:1:2::b', 1, 0)).toBe(false);
    expect(budget.take('2001:db8:1:3::a', 1, 0)).toBe(true);
  });

  it('holds at most maxAddresses: full buckets are forgotten first, and past that new addresses wait', () => {
    const budget = new AddressBudget(10, 1, 2);
    expect(budget.take('192.0.2.1', 10, 0)).toBe(true);
    expect(budget.take('192.0.2.2', 10, 0)).toBe(true);
    expect(budget.take('192.0.2.3', 1, 0)).toBe(false);
    expect(budget.size).toBe(2);
    // Ten seconds on, both buckets are full again: forgotten, and the newcomer is held instead.
    expect(budget.take('192.0.2.3', 1, 10_000)).toBe(true);
    expect(budget.size).toBe(1);
  });
});
