/**
 * @vitest-environment happy-dom
 *
 * One date format (docs/requirements.md#date-format): a date field shows '22 Nov 2026' whatever the
 * browser's locale (a native date input shows 11/22/2026 in en-US), and a typed date in that format or
 * ISO becomes the calendar date the page asks with.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../testing/render.tsx';
import { DateField } from './date-field.tsx';

function Field({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="From"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('date field', () => {
  it("shows the product's date format, not the browser's", () => {
    renderInApp(<Field initial="2026-11-22" onChange={() => undefined} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    expect(input.value).toBe('22 Nov 2026');
    expect(input.type).toBe('text');
  });

  it('reads a typed date in that format or ISO', async () => {
    const changed = vi.fn();
    renderInApp(<Field initial="2026-11-22" onChange={changed} />);
    const input = screen.getByLabelText('From') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3 Dec 2026' } });
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('2026-12-03'));
    fireEvent.blur(input);
    await waitFor(() => expect(input.value).toBe('3 Dec 2026'));
    fireEvent.change(input, { target: { value: '2026-10-01' } });
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('2026-10-01'));
  });
});
