/** The name, description and icon fields of a channel, shared by the create dialog and the settings panel. */
import { CONVERSATION_DESCRIPTION_MAX, CONVERSATION_NAME_MAX } from '@stoop/shared';
import { ChannelIconField } from './ChannelIconField.tsx';

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';

interface ChannelFieldsProps {
  name: string;
  onNameChange: (name: string) => void;
  description: string;
  onDescriptionChange: (description: string) => void;
  icon: File | null;
  onIconChange: (icon: File | null) => void;
  iconLabel: string;
  /** The channel's icon now (settings); none when creating. */
  currentIcon?: string | null;
  descriptionRows: number;
}

export function ChannelFields(props: ChannelFieldsProps) {
  return (
    <>
      <label className="block text-sm font-medium text-slate-800">
        Name
        <input
          className={field}
          value={props.name}
          maxLength={CONVERSATION_NAME_MAX}
          required
          onChange={(e) => props.onNameChange(e.target.value)}
        />
      </label>
      <label className="block text-sm font-medium text-slate-800">
        Description
        <textarea
          className={field}
          rows={props.descriptionRows}
          value={props.description}
          maxLength={CONVERSATION_DESCRIPTION_MAX}
          onChange={(e) => props.onDescriptionChange(e.target.value)}
        />
      </label>
      <ChannelIconField
        label={props.iconLabel}
        icon={props.icon}
        onIconChange={props.onIconChange}
        currentIcon={props.currentIcon ?? null}
      />
    </>
  );
}
