import { describe, expect, it } from 'vitest';
import { platformOf, productLabel } from './platform';

describe('platformOf', () => {
  it('names head units by brand and model', () => {
    expect(platformOf({ manufacturer: 'garmin', garminProduct: 'edge810' })).toBe('Garmin Edge 810');
    expect(platformOf({ manufacturer: 'garmin', garminProduct: 'edgeMtb' })).toBe('Garmin Edge MTB');
    expect(platformOf({ manufacturer: 'wahooFitness', productName: 'ELEMNT' })).toBe('Wahoo ELEMNT');
  });

  it('names apps and unknown models by brand only', () => {
    expect(platformOf({ manufacturer: 'zwift' })).toBe('Zwift');
    expect(platformOf({ manufacturer: 'garmin', garminProduct: 4750 })).toBe('Garmin');
    expect(platformOf({ manufacturer: 'sigmasport' })).toBe('SIGMA SPORT');
    expect(platformOf({ manufacturer: 'someNewBrand' })).toBe('Some New Brand');
  });

  it("reads Paceline's own client (FIT development id) as Paceline, whatever the product", () => {
    expect(platformOf({ manufacturer: 'development', productName: 'anything' })).toBe('Paceline');
  });

  it('does not repeat a brand the product name already carries', () => {
    expect(platformOf({ manufacturer: 'wahooFitness', productName: 'Wahoo KICKR' })).toBe('Wahoo KICKR');
  });

  it('says so when the file has no identity', () => {
    expect(platformOf(undefined)).toBe('Unknown device');
    expect(platformOf({ manufacturer: 255 })).toBe('Unknown device');
  });

  it('labels product ids', () => {
    expect(productLabel('fr945')).toBe('FR 945');
    expect(productLabel('edge1030Plus')).toBe('Edge 1030 Plus');
  });
});
