import { fulfillmentText, orderStatusBadge } from './order-status';

describe('order statuses (SPEC section 4)', () => {
  it.each([
    ['pending', 'Pending'],
    ['paid', 'Paid'],
    ['processing', 'Processing'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
    ['failed', 'Failed'],
    ['test_order', 'Test Order'],
  ])('shows %s as "%s"', (status, label) => {
    expect(orderStatusBadge(status).label).toBe(label);
  });

  it('shows any other status as Pending', () => {
    expect(orderStatusBadge('on-hold')).toEqual({ label: 'Pending', tone: 'neutral' });
    expect(orderStatusBadge('').label).toBe('Pending');
  });

  it('colours delivered as done and failed as a problem', () => {
    expect(orderStatusBadge('delivered').tone).toBe('success');
    expect(orderStatusBadge('failed').tone).toBe('danger');
  });

  it("writes the printer's status word for people", () => {
    expect(fulfillmentText('in-production')).toBe('In production');
    expect(fulfillmentText('sending-to-production')).toBe('Sending to production');
    expect(fulfillmentText('FULFILLED')).toBe('Fulfilled');
    expect(fulfillmentText(null)).toBe('Not yet sent to the printer');
  });
});
