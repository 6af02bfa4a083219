import { describeIssues } from '@medical-qr/platform';
import { imageProxyQuerySchema } from './image-proxy-query.js';

const problem = (query: unknown) => {
  const result = imageProxyQuerySchema.safeParse(query);
  return result.success ? undefined : describeIssues(result.error);
};

describe('the image proxy query', () => {
  it('takes one url', () => {
    expect(imageProxyQuerySchema.parse({ url: 'https://images.printify.com/x' })).toEqual({
      url: 'https://images.printify.com/x',
    });
  });

  it('names url when it is missing, empty, repeated or too long', () => {
    expect(problem({})).toBe('url: is required (the address of the image to show)');
    expect(problem({ url: '' })).toBe('url: is required (the address of the image to show)');
    expect(problem({ url: ['a', 'b'] })).toBe('url: must be given once');
    expect(problem({ url: `https://images.printify.com/${'a'.repeat(2048)}` })).toBe('url: is at most 2048 characters');
  });
});
