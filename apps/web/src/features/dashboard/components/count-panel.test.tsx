/**
 * @vitest-environment happy-dom
 *
 * A count panel hides a masked count (docs/requirements.md#tile-masking): a read-only user whose Door
 * Open and Security Breach tiles are masked does not read them in the Access panel under the tiles.
 */

import { screen, within } from '@testing-library/react';
import { isPanelCountMasked, MASKED_COUNT_REASON } from '@towerwatch/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../../testing/demo-users.ts';
import { renderInApp } from '../../../testing/render.tsx';
import { CountPanel } from './count-panel.tsx';

const ACCESS = [
  { label: 'Total Door', value: 61, color: 'signal' },
  { label: 'Door Open', value: 7, color: 'orange' },
  { label: 'Lock Open', value: 3, color: 'yellow' },
  { label: 'Security Breach', value: 5, color: 'red' },
];

function showAccessPanel(username: 'robi.viewer' | 'ktbl') {
  const user = DEMO_USERS[username];
  const items = ACCESS.map((item) => ({ ...item, masked: isPanelCountMasked(user, 'Access', item.label) }));
  renderInApp(<CountPanel title="Access" items={items} />, { user });
  return screen.getByRole('region', { name: 'Access' });
}

describe('count panels under masked tiles', () => {
  it('robi.viewer: door open, security breach and total door show the ban icon, not their counts', () => {
    const panel = showAccessPanel('robi.viewer');
    for (const label of ['Door Open', 'Security Breach', 'Total Door']) {
      expect(
        within(panel).getByRole('img', { name: `Access ${label}: ${MASKED_COUNT_REASON}` }),
      ).toBeTruthy();
      expect(within(panel).queryByLabelText(`Access ${label}`)).toBeNull();
    }
    for (const hidden of ['61', '7', '5']) expect(within(panel).queryByText(hidden)).toBeNull();
    expect(within(panel).getByLabelText('Access Lock Open').textContent).toBe('3');
  });

  it('ktbl (not read-only) sees every count', () => {
    const panel = showAccessPanel('ktbl');
    expect(within(panel).getByLabelText('Access Door Open').textContent).toBe('7');
    expect(within(panel).getByLabelText('Access Security Breach').textContent).toBe('5');
    expect(within(panel).queryAllByRole('img')).toHaveLength(0);
  });
});
