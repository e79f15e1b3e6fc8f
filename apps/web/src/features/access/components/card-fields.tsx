import { Checkbox, Group, TextInput } from '@mantine/core';
import type { TimeWindow } from '@towerwatch/domain';
import { DateField } from '../../../ui/date-field.tsx';
import { dayOfInstant, validFromOfDay, validUntilOfDay } from '../validity-model.ts';
import { TimeWindowsEditor } from './time-windows-editor.tsx';

/** The editable fields of a card, as the forms hold them. */
export interface CardDraft {
  card_number: string;
  holder_name: string;
  /** Dhaka days `YYYY-MM-DD` or ''. */
  fromDay: string;
  untilDay: string;
  blocked: boolean;
  time_windows: TimeWindow[];
}

/** An empty draft. */
export const emptyCardDraft = (): CardDraft => ({
  card_number: '',
  holder_name: '',
  fromDay: '',
  untilDay: '',
  blocked: false,
  time_windows: [],
});

/** A draft of an existing card. */
export function cardDraftOf(card: {
  card_number: string;
  holder_name: string | null;
  valid_from: string | null;
  valid_until: string | null;
  blocked: boolean;
  time_windows: TimeWindow[];
}): CardDraft {
  return {
    card_number: card.card_number,
    holder_name: card.holder_name ?? '',
    fromDay: dayOfInstant(card.valid_from),
    untilDay: dayOfInstant(card.valid_until, true),
    blocked: card.blocked,
    time_windows: card.time_windows,
  };
}

/** The call fields of a draft (add-card and card/save). */
export function cardFieldsOf(draft: CardDraft) {
  return {
    card_number: draft.card_number.trim(),
    holder_name: draft.holder_name.trim() || null,
    valid_from: draft.fromDay ? validFromOfDay(draft.fromDay) : null,
    valid_until: draft.untilDay ? validUntilOfDay(draft.untilDay) : null,
    blocked: draft.blocked,
    time_windows: draft.time_windows,
  };
}

/** The card form's fields; `errors` by call field name (the server's 400 names the field). */
export function CardFields({
  draft,
  onChange,
  errors,
  numberLocked = false,
}: {
  draft: CardDraft;
  onChange: (draft: CardDraft) => void;
  errors: Partial<Record<string, string>>;
  numberLocked?: boolean;
}) {
  const set = (change: Partial<CardDraft>) => onChange({ ...draft, ...change });
  return (
    <>
      <Group grow align="flex-start">
        <TextInput
          label="Card number"
          required
          readOnly={numberLocked}
          value={draft.card_number}
          error={errors.card_number}
          onChange={(event) => set({ card_number: event.currentTarget.value })}
        />
        <TextInput
          label="Holder"
          value={draft.holder_name}
          error={errors.holder_name}
          onChange={(event) => set({ holder_name: event.currentTarget.value })}
        />
      </Group>
      <Group grow align="flex-start">
        <DateField
          label="Valid from"
          clearable
          value={draft.fromDay}
          error={errors.valid_from}
          onChange={(fromDay) => set({ fromDay })}
        />
        <DateField
          label="Valid until (last day)"
          clearable
          value={draft.untilDay}
          error={errors.valid_until}
          onChange={(untilDay) => set({ untilDay })}
        />
      </Group>
      <Checkbox
        label="Blocked"
        checked={draft.blocked}
        onChange={(event) => set({ blocked: event.currentTarget.checked })}
      />
      <TimeWindowsEditor value={draft.time_windows} onChange={(time_windows) => set({ time_windows })} />
    </>
  );
}
